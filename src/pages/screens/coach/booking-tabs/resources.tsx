import { resources } from '../booking'
export default resources
