import { bookingPage } from './booking-detail'

export default bookingPage('seats')
