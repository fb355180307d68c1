/**
 * Mail caught by the test SMTP server (tests/peers/smtp.ts). Every helper's tests can read
 * what the app sent:
 *   const mail = await waitForMail(email, (m) => m.subject.includes('code'))
 *   const code = extractCode(mail)
 */
import { inbox, type Mail, onMail } from './peers/smtp'

export type { Mail }

const norm = (e: string) => e.trim().toLowerCase()

/** Every message to this address (To header or envelope), oldest first. */
export function mailsTo(email: string): Mail[] {
  const e = norm(email)
  return inbox.filter((m) => m.to === e || m.recipients.includes(e))
}

/** The newest message to this address (arrived or arriving) that passes `predicate`. */
export function waitForMail(email: string, predicate: (m: Mail) => boolean = () => true, timeoutMs = 5000): Promise<Mail> {
  const find = () => mailsTo(email).filter(predicate).at(-1)
  const found = find()
  if (found) return Promise.resolve(found)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      const seen = mailsTo(email).map((m) => m.subject)
      reject(new Error(`No matching mail to ${email} within ${timeoutMs} ms (received: ${JSON.stringify(seen)})`))
    }, timeoutMs)
    const off = onMail(() => {
      const m = find()
      if (!m) return
      clearTimeout(timer)
      off()
      resolve(m)
    })
  })
}

/** Waits for a message to this address that arrives after the call (ignores older ones). */
export function waitForNewMail(email: string, predicate: (m: Mail) => boolean = () => true, timeoutMs = 5000): Promise<Mail> {
  const before = new Set(mailsTo(email))
  return waitForMail(email, (m) => !before.has(m) && predicate(m), timeoutMs)
}

/** The 6-digit code in a message. */
export function extractCode(mail: Mail): string {
  const m = /\b(\d{6})\b/.exec(mail.text)
  if (!m) throw new Error(`No 6-digit code in mail "${mail.subject}"`)
  return m[1]
}

/** The first link in a message's text (optionally the first containing `contains`). */
export function extractLink(mail: Mail, contains?: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? []
  const link = contains ? links.find((l) => l.includes(contains)) : links[0]
  if (!link) throw new Error(`No link${contains ? ` containing ${contains}` : ''} in mail "${mail.subject}"`)
  return link
}

/** The query parameter `name` of the first link (e.g. the magic-link token). */
export function extractLinkParam(mail: Mail, name: string, contains?: string): string {
  const value = new URL(extractLink(mail, contains ?? `${name}=`)).searchParams.get(name)
  if (!value) throw new Error(`No ${name} in the link of mail "${mail.subject}"`)
  return value
}
