import { payouts } from '../workshop-tabs'
export default payouts
