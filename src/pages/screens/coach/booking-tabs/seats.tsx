import { seats } from '../booking'
export default seats
