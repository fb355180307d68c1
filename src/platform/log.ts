import pino from 'pino'
import { config } from '../config'

/** One structured logger; request handlers use `log.child({ reqId })`. */
export const log = pino({
  level: config.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'silent' : config.LOG_LEVEL,
  base: { app: 'summit' },
  redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
})
export type Logger = typeof log
