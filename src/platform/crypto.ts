import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')
/** A 6-digit code from the operating system's secure random source. */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
