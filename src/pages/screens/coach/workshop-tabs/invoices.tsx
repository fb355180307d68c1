import { invoices } from '../workshop-tabs'
export default invoices
