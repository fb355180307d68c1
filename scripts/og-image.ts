/**
 * Renders the social preview image (public/og-image.png, 1200x630) with the system Chromium.
 * Run once after changing the tagline or the brand: `bun run scripts/og-image.ts`.
 */
import { chromium } from 'playwright-core'

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:#1c1917;color:#fafaf9;font-family:'Liberation Sans',Arial,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
  <div style="display:flex;align-items:center;gap:20px">
    <svg width="72" height="72" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ffdc00"/><path d="M6 24 L13 11 L17 17 L20 13 L26 24 Z" fill="#1c1917"/></svg>
    <span style="font-size:48px;font-weight:700">Summit</span>
  </div>
  <div style="font-size:72px;font-weight:700;line-height:1.1;max-width:1000px">The world's #1 marketplace for <span style="color:#ffdc00">coaches</span> and consultants</div>
  <div style="font-size:28px;color:#a8a29e">Book live workshops with coaches who have done it before.</div>
</div></body></html>`

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({ path: new URL('../public/og-image.png', import.meta.url).pathname })
await browser.close()
console.log('public/og-image.png written')
