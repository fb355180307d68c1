/** The cookies of a browser session (the session itself belongs to the auth module). */
export const SESSION_COOKIE = 'summit_session'
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'

export interface CookieJar {
  [name: string]: { value?: unknown; set(opts: Record<string, unknown>): unknown; remove(): unknown }
}
