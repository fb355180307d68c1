import { workshopPage } from './workshop-detail'

export default workshopPage('resources')
