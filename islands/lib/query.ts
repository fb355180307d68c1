/**
 * Query cache rules of docs/product-rules.md section 9: in the browser 3 retries with exponential
 * backoff from 1 s capped at 30 s; garbage collection after 300000 ms. The server never retries.
 */
export const QUERY_GC_TIME = 300_000
export const QUERY_RETRIES = 3

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000)

export function queryDefaults(browser: boolean) {
  return {
    retry: browser ? QUERY_RETRIES : 0,
    retryDelay,
    gcTime: QUERY_GC_TIME,
    refetchOnWindowFocus: false,
  }
}
