import { multiplai } from './apps'
export default multiplai
