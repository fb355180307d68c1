/** Users: the front door for the rest of the app (more exports join as code moves behind it). */
export { User } from './user.entity'
