/** Per-request facts the layouts need (cookies, colour mode), without prop drilling. */
import { createContext, useContext } from 'react'

export interface RequestInfo {
  cookies: Record<string, string>
  colorMode: string
  /** Nonce for inline scripts (the Content-Security-Policy of this response allows it). */
  nonce?: string
}
export const RequestInfoContext = createContext<RequestInfo>({ cookies: {}, colorMode: 'auto' })
export const useRequest = () => useContext(RequestInfoContext)

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i <= 0) continue
    try {
      out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim())
    } catch {}
  }
  return out
}
