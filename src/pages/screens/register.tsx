import { authPage } from './auth-page'
export default authPage('register', 'Register')
