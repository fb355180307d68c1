import { history } from '../workshop-tabs'
export default history
