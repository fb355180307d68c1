/**
 * A real SMTP server on loopback (smtp-server) that keeps every message the app sends,
 * parsed into { to, subject, text, html }. Started by tests/setup.ts before the app boots.
 */
import { SMTPServer } from 'smtp-server'

export interface Mail {
  from: string
  to: string
  /** Every RCPT TO address, lowercased. */
  recipients: string[]
  subject: string
  text: string
  html: string
  headers: Record<string, string>
  /** Attached files (a .ics), decoded. */
  attachments: { filename: string; contentType: string; content: string }[]
  receivedAt: Date
}

export const inbox: Mail[] = []
/** Addresses the server refuses at RCPT TO (a mailbox that is unavailable): tests of retried sends add and remove them. */
export const refused = new Set<string>()
type Waiter = () => void
const waiters = new Set<Waiter>()

// --- a small MIME reader, enough for what nodemailer writes --------------------------------

function decodeQP(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(...Buffer.from(c, 'utf8'))
  }
  return Buffer.from(bytes)
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, enc, data) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQP(data.replace(/_/g, ' ')).toString('utf8'),
    )
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const i = raw.search(/\r?\n\r?\n/)
  const head = i === -1 ? raw : raw.slice(0, i)
  const body = i === -1 ? '' : raw.slice(i).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':')
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim()
  }
  return { headers, body }
}

function decodeBody(body: string, encoding = ''): string {
  const enc = encoding.toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') return decodeQP(body).toString('utf8')
  return body
}

function walk(raw: string, out: { text: string; html: string; attachments: Mail['attachments'] }) {
  const { headers, body } = splitHeaders(raw)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1)
    for (const part of parts) {
      if (part.startsWith('--')) break
      walk(part.replace(/^\r?\n/, ''), out)
    }
    return
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n')
  const disposition = headers['content-disposition'] ?? ''
  if (/^attachment/i.test(disposition) || /^text\/calendar/i.test(type)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? ''
    out.attachments.push({ filename, contentType: type, content: decodeBody(body, headers['content-transfer-encoding']) })
    return
  }
  if (/^text\/html/i.test(type)) out.html ||= decoded
  else if (/^text\/plain/i.test(type)) out.text ||= decoded.replace(/\n$/, '')
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): Mail {
  const { headers } = splitHeaders(raw)
  const out = { text: '', html: '', attachments: [] as Mail['attachments'] }
  walk(raw, out)
  const addr = (s: string) => (/<([^>]+)>/.exec(s)?.[1] ?? s).trim().toLowerCase()
  return {
    from: envelope.from,
    to: addr(decodeWords(headers.to ?? envelope.to[0] ?? '')),
    recipients: envelope.to.map((t) => t.toLowerCase()),
    subject: decodeWords(headers.subject ?? ''),
    text: out.text,
    html: out.html,
    headers,
    attachments: out.attachments,
    receivedAt: new Date(),
  }
}

// --- the server ------------------------------------------------------------------------

let server: SMTPServer | null = null

export async function startSmtp(): Promise<{ url: string; port: number }> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        }
        inbox.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope))
        for (const w of waiters) w()
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server!.once('error', reject)
    server!.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as { port: number }).port
  return { url: `smtp://127.0.0.1:${port}`, port }
}

export async function stopSmtp() {
  if (!server) return
  await new Promise<void>((resolve) => server!.close(() => resolve()))
  server = null
}

/** Resolves on the next delivered message (used by tests/mail.ts waitForMail). */
export function onMail(fn: Waiter) {
  waiters.add(fn)
  return () => waiters.delete(fn)
}
