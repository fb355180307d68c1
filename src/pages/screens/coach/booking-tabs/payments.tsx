import { payments } from '../booking'
export default payments
