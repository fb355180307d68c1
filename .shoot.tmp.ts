import { chromium } from 'playwright-core'
const BASE = 'http://localhost:3200'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

async function login(email: string) {
  const jar = new Map<string, string>()
  const req = async (method: string, path: string, body?: unknown) => {
    const h: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
    if (jar.size) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const x = jar.get('XSRF-TOKEN')
    if (x && method !== 'GET') h['x-xsrf-token'] = decodeURIComponent(x)
    const r = await fetch(BASE + path, { method, headers: h, body: body ? JSON.stringify(body) : undefined, redirect: 'manual' })
    for (const c of r.headers.getSetCookie()) { const [p] = c.split(';'); const i = p.indexOf('='); jar.set(p.slice(0, i), p.slice(i + 1)) }
    return r
  }
  await req('GET', '/api/sanctum/csrf-cookie')
  const since = Date.now()
  await req('POST', '/v1/auth/login-using-otp', { email })
  let code = ''
  for (let i = 0; i < 50 && !code; i++) {
    const o = await (await req('GET', `/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json() as any
    const list = o.data ?? o
    const m = list.find((x: any) => /\d{6}/.test(x.text ?? ''))
    if (m) code = /(\d{6})/.exec(m.text)![1]
    else await Bun.sleep(200)
  }
  const r = await req('POST', '/v1/auth/login-using-otp', { email, code })
  if (r.status !== 200) throw new Error(`login ${r.status} ${await r.text()}`)
  return [...jar].map(([name, value]) => ({ name, value, url: BASE }))
}

const [email, ...paths] = process.argv.slice(2)
if (email === 'flow') {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await ctx.addCookies(await login(paths[0]))
  const page = await ctx.newPage()
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()))
  await page.goto(BASE + '/c/account/payouts', { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Set up payouts' }).click()
  await page.waitForURL(/connect\/onboarding/)
  await page.screenshot({ path: '/tmp/payouts-shots/onboarding.png', fullPage: true })
  await page.getByRole('button', { name: 'Complete onboarding' }).click()
  await page.waitForURL(/onboarding=return/)
  await page.getByText('Payouts enabled').first().waitFor()
  await Bun.sleep(3000)
  await page.reload({ waitUntil: 'networkidle' })
  await page.screenshot({ path: '/tmp/payouts-shots/after-onboarding.png', fullPage: true })
  await page.getByRole('button', { name: 'Open the Stripe Express dashboard' }).click()
  await page.waitForURL(/connect\/express/)
  await page.screenshot({ path: '/tmp/payouts-shots/express.png', fullPage: true })
  await browser.close()
  process.exit(0)
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
const cookies = await login(email)
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } })
  await ctx.addCookies(cookies)
  const page = await ctx.newPage()
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()))
  for (const path of paths) {
    await page.goto(BASE + path, { waitUntil: 'networkidle' })
    const name = `${email.split('@')[0]}-${path.replace(/\W+/g, '-')}-${width}.png`
    await page.screenshot({ path: `/tmp/payouts-shots/${name}`, fullPage: true })
    console.log('shot', name)
  }
  await ctx.close()
}
await browser.close()
