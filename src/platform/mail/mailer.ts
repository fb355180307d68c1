import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { config } from '../../config'
import { log } from '../log'
import { countMail } from '../metrics'

export interface MailAttachment {
  filename: string
  content: string
  contentType: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** Extra headers (e.g. List-Unsubscribe and List-Unsubscribe-Post of RFC 8058). */
  headers?: Record<string, string>
  /** Text attachments (e.g. a text/calendar .ics). */
  attachments?: MailAttachment[]
}

export interface OutboxEntry extends MailMessage {
  id: string
  from: string
  sentAt: string
}

let transport: Transporter | null = null

function smtp() {
  // One pooled transport per process; nodemailer reads host, port, auth and TLS from the URL.
  transport ??= nodemailer.createTransport(config.SMTP_URL!, { from: config.MAIL_FROM })
  return transport
}

/**
 * Sends one message over SMTP (`SMTP_URL`). Without SMTP_URL (development) the message is
 * logged and kept as a JSON file in the local outbox (`OUTBOX_DIR`), readable through
 * `GET /v1/dev/outbox` in development.
 */
export async function sendMail(msg: MailMessage): Promise<void> {
  if (config.SMTP_URL) {
    const info = await smtp()
      .sendMail({
        from: config.MAIL_FROM,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        headers: msg.headers,
        attachments: msg.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      })
      .catch((err) => {
        countMail('failed')
        throw err
      })
    countMail('sent')
    log.info({ to: msg.to, subject: msg.subject, messageId: info.messageId }, 'mail sent')
    return
  }
  const entry: OutboxEntry = { id: Bun.randomUUIDv7(), from: config.MAIL_FROM, sentAt: new Date().toISOString(), ...msg }
  const dir = resolve(config.OUTBOX_DIR)
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, `${entry.id}.json`), JSON.stringify(entry, null, 2))
  countMail('outbox')
  if (config.production) log.warn({ to: msg.to, subject: msg.subject }, 'SMTP_URL is not set: mail kept in the local outbox, not delivered')
  // Development only: the whole text is logged so a developer can sign in from the console.
  else log.info({ to: msg.to, subject: msg.subject, text: msg.text, outbox: dir }, 'mail kept in the local outbox')
}

/** Fire-and-forget delivery for request handlers: a failing SMTP server is logged, never a 500. */
export function queueMail(msg: MailMessage) {
  sendMail(msg).catch((err) => log.error({ err: err instanceof Error ? err.message : err, to: msg.to, subject: msg.subject }, 'mail could not be sent'))
}

/** The newest outbox messages first, optionally only those to one address. */
export async function readOutbox(opts: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const dir = resolve(config.OUTBOX_DIR)
  const names = await readdir(dir).catch(() => [] as string[])
  const files = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
  const out: OutboxEntry[] = []
  const to = opts.to?.trim().toLowerCase()
  for (const name of files) {
    const entry = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry
    if (to && entry.to.toLowerCase() !== to) continue
    out.push(entry)
    if (out.length >= (opts.limit ?? 20)) break
  }
  return out
}

/** Closes the pooled SMTP connection (graceful shutdown, tests). */
export function closeMail() {
  transport?.close()
  transport = null
}
