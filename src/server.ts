import { config } from './config'
import { log } from './platform/log'
import { boot } from './boot'

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
  const timer = setTimeout(() => process.exit(1), 10_000)
  await running.stop().catch((err) => log.error({ err }, 'error while stopping'))
  clearTimeout(timer)
  process.exit(0)
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
