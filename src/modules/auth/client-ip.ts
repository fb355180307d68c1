import { config } from '../../config'

/**
 * The address a sign-in request comes from, for the per-IP limits. Behind TRUST_PROXY reverse
 * proxies (load balancers), the socket address is the proxy's: the client is the entry that
 * many hops from the right of X-Forwarded-For (entries further left are client-supplied and
 * could be forged).
 */
export function signInIp(socketIp: string, forwardedFor: string | undefined | null): string {
  const hops = config.TRUST_PROXY
  if (!hops || !forwardedFor) return socketIp
  const chain = forwardedFor.split(',').map((s) => s.trim()).filter(Boolean)
  return chain[chain.length - hops] ?? chain[0] ?? socketIp
}
