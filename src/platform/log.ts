import { AsyncLocalStorage } from 'node:async_hooks'
import pino from 'pino'
import { config } from '../config'

/**
 * The request being answered (set by the fetch handler in src/app.ts for everything done for
 * it, deferred page parts and after-commit effects included): every log line written meanwhile
 * carries its `reqId`, whichever logger wrote it.
 */
export interface RequestScope {
  reqId: string
  /** The route template that answered (metrics label), once known. */
  route?: string
}
const requests = new AsyncLocalStorage<RequestScope>()

export const runInRequestScope = <T>(scope: RequestScope, fn: () => T): T => requests.run(scope, fn)
export const requestScope = () => requests.getStore() ?? null
export const currentRequestId = () => requests.getStore()?.reqId ?? null

/** One structured logger. Lines written while a request is answered get its `reqId`. */
export const log = pino({
  level: config.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : config.LOG_LEVEL,
  base: { app: 'summit' },
  redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
  mixin: () => {
    const store = requests.getStore()
    return store ? { reqId: store.reqId } : {}
  },
})
export type Logger = typeof log
