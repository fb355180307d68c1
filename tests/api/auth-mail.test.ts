import { describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { config } from '../../src/config'
import { layout, readOutbox, sendMail } from '../../src/platform/mail'
import { outboxRoutes } from '../../src/platform/mail/outbox.routes'
import { uid } from '../client'
import { waitForNewMail } from '../mail'

describe('mail', () => {
  test('over SMTP: text and HTML parts reach the server', async () => {
    const to = `mail-${uid()}@test.example`
    const next = waitForNewMail(to)
    const rendered = layout('Hello there', 'A heading', [
      { p: 'Ünïcödé & <b>escaped</b>' },
      { code: '123456' },
      { button: { label: 'Open', url: 'https://example.com/x?a=1&b=2' } },
    ])
    await sendMail({ to, ...rendered })
    const mail = await next
    expect(mail.subject).toBe('Hello there')
    expect(mail.text).toContain('Ünïcödé & <b>escaped</b>')
    expect(mail.text).toContain('Open: https://example.com/x?a=1&b=2')
    expect(mail.html).toContain('Ünïcödé &amp; &lt;b&gt;escaped&lt;/b&gt;')
    expect(mail.html).toContain('href="https://example.com/x?a=1&amp;b=2"')
    expect(mail.html).toContain(config.SITE_NAME)
    expect(mail.headers.from).toContain(config.MAIL_FROM.replace(/.*</, '').replace('>', ''))
  })

  test('without SMTP_URL: kept in the local outbox, readable through the dev route', async () => {
    const saved = config.SMTP_URL
    ;(config as any).SMTP_URL = undefined
    try {
      const to = `outbox-${uid()}@test.example`
      await sendMail({ to, subject: 'Kept locally', text: 'Code 654321' })
      const [entry] = await readOutbox({ to })
      expect(entry).toMatchObject({ to, subject: 'Kept locally', text: 'Code 654321' })
      const res = await outboxRoutes.handle(new Request(`http://localhost/dev/outbox?to=${encodeURIComponent(to.toUpperCase())}`))
      const body = await res.json()
      expect(body.data).toHaveLength(1)
      expect(body.data[0].subject).toBe('Kept locally')
    } finally {
      ;(config as any).SMTP_URL = saved
      rmSync(config.OUTBOX_DIR, { recursive: true, force: true })
    }
  })

  test('the dev outbox route is not served outside development', async () => {
    const { Client } = await import('../client')
    expect((await new Client().get('/v1/dev/outbox')).status).toBe(404)
  })
})
