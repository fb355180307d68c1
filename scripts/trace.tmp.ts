Object.assign(process.env, { NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123', LOG_LEVEL: 'error', SEED_DEMO: 'true', STORAGE_DIR: '/tmp/scale-prof/storage', OUTBOX_DIR: '/tmp/scale-prof/outbox', STRIPE_LOCAL_PORT: '0' })
// @ts-expect-error
const pg = (await import('pg')).default
const orig = pg.Client.prototype.query
let trace = false
pg.Client.prototype.query = function (this: any, ...args: any[]) {
  const t0 = performance.now()
  const r = orig.apply(this, args)
  if (trace && this.connectionParameters?.application_name !== 'summit-jobs') {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text
    Promise.resolve(r).then(() => console.log(`  ${(performance.now() - t0).toFixed(2)}ms`, String(text).replace(/\s+/g, ' ').slice(0, 200)), () => {})
  }
  return r
}
const { boot } = await import('../src/boot')
const { buildAssets } = await import('../src/platform/assets/assets')
const { User } = await import('../src/modules/users')
const { Session } = await import('../src/modules/auth')
const { randomToken, sha256 } = await import('../src/platform/crypto')
const running = await boot({ port: 0, throwawayDb: true, seedDemo: true, hostname: '127.0.0.1' })
await buildAssets()
const base = running.url.replace('localhost', '127.0.0.1')
for (const [path, email] of process.argv.slice(2).map((a) => a.split('@@'))) {
  const em = running.orm.em.fork()
  let cookie = ''
  if (email) {
    const user = await em.findOneOrFail(User, { email })
    const secret = randomToken()
    em.create(Session, { id: sha256(secret), user: user.id, csrfToken: randomToken(24), data: {}, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) } as any)
    await em.flush()
    cookie = `summit_session=${secret}`
  }
  for (let i = 0; i < 30; i++) await (await fetch(base + path, { headers: { cookie } })).text()
  trace = true
  const tt = performance.now()
  await (await fetch(base + path, { headers: { cookie } })).text()
  await Bun.sleep(50)
  trace = false
  const N = 100
  const t0 = performance.now()
  for (let i = 0; i < N; i++) await (await fetch(base + path, { headers: { cookie } })).text()
  console.log(path, 'traced', (performance.now() - tt).toFixed(1), 'ms; sequential', ((performance.now() - t0) / N).toFixed(2), 'ms/request')
}
await running.stop()
process.exit(0)
