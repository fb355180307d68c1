/**
 * Checks the fetch handler runs before routing: bodies over the upload limit (413 with a
 * clear message, before anything reads them) and control characters in the query string
 * (PostgreSQL refuses a NUL byte in text: 422 for the API, a harmless character for pages).
 */
import { config } from '../../config'

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_ALL = /[\u0000-\u001f\u007f]/g
/** Room for the multipart envelope and the other fields around the largest allowed file. */
const ENVELOPE_BYTES = 64 * 1024

export const maxBodyBytes = () => config.UPLOAD_MAX_BYTES + ENVELOPE_BYTES

export function formatBytes(n: number) {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`
  return `${n} bytes`
}

/** The upload limit's message (also used by the upload checks themselves). */
export const tooLargeMessage = () => `The file may not be larger than ${formatBytes(config.UPLOAD_MAX_BYTES)}.`

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', connection: 'close' } })

export function bodyTooLarge(request: Request): boolean {
  const length = Number(request.headers.get('content-length') ?? 0)
  return Number.isFinite(length) && length > maxBodyBytes()
}

export const tooLargeResponse = () => json(413, { message: tooLargeMessage(), errors: { file: [tooLargeMessage()] } })

/** The first query parameter (name or value) holding a control character, or null. */
export function controlCharIn(params: URLSearchParams): string | null {
  for (const [key, value] of params) if (CONTROL.test(key) || CONTROL.test(value)) return key.replace(CONTROL_ALL, '') || 'query'
  return null
}

export const controlCharResponse = (key: string) => {
  const message = `The ${key} must not contain control characters.`
  return json(422, { message, errors: { [key]: [message] } })
}

/** The same URL with every control character in the query turned into U+FFFD (matches nothing). */
export function sanitizeQuery(url: URL): URL {
  const out = new URL(url)
  const clean = new URLSearchParams()
  for (const [key, value] of url.searchParams) clean.append(key.replace(CONTROL_ALL, '\uFFFD'), value.replace(CONTROL_ALL, '\uFFFD'))
  out.search = clean.toString()
  return out
}
