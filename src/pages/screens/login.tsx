import { authPage } from './auth-page'
export default authPage('login', 'Log in')
