/**
 * Preloaded by `bun test`: one real PostgreSQL (embedded, throwaway), the app on a random
 * port, and the local peers the product talks to. Everything stops after the run.
 */
import { afterAll, setDefaultTimeout } from 'bun:test'
import { testEnv } from './env'

// bunfig's [test] timeout is not applied by this Bun. This sets 30 s per test where it reaches
// (not every file of a multi-file run): files with long tests call setDefaultTimeout themselves.
setDefaultTimeout(30_000)

Object.assign(process.env, testEnv())

// Peers start first: the app reads their addresses (and its own APP_URL) from env at boot.
const { startSmtp, stopSmtp } = await import('./peers/smtp')
const { startOidc, stopOidc } = await import('./peers/oidc')
const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
const appPort = probe.port
probe.stop(true)
// The same origin as boot()'s url: mailed links and the OIDC callback share the browser's cookies.
const appUrl = `http://localhost:${appPort}`
const smtp = await startSmtp()
const oidc = await startOidc(appUrl)
Object.assign(process.env, {
  APP_URL: appUrl,
  SMTP_URL: smtp.url,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: oidc.clientId,
  OIDC_CLIENT_SECRET: oidc.clientSecret,
})

const { boot } = await import('../src/boot')
const running = await boot({ port: appPort, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
;(globalThis as any).__summit = running

// Stopping PostgreSQL after a busy run can take several seconds on a loaded machine: more than
// the 5 s a hook gets by default.
afterAll(async () => {
  await running.stop()
  await Promise.all([stopSmtp(), stopOidc()])
}, 30_000)
