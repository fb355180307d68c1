import { config } from '../../config'

const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/

/**
 * The id of a request: the trusted proxy's `X-Request-Id` when TRUST_PROXY is set (so the
 * proxy's logs and ours share it), else a new UUID v7. A client cannot choose ids otherwise.
 */
export function requestIdOf(request: Request): string {
  if (config.TRUST_PROXY > 0) {
    const sent = request.headers.get('x-request-id')?.trim()
    if (sent && SAFE_ID.test(sent)) return sent
  }
  return Bun.randomUUIDv7()
}
