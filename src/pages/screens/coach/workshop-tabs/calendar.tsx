import { calendar } from '../workshop-tabs'
export default calendar
