/**
 * The application's notion of "now". Time-dependent rules (booking holds, voucher expiry,
 * invitation expiry) read it instead of `new Date()`, so tests can move time forward without
 * waiting. Production never shifts it.
 */
let offsetMs = 0
let frozenAt: number | null = null
let moves = 0

export const clock = {
  now: () => new Date(frozenAt ?? Date.now() + offsetMs),
  /** How many times tests moved, froze or reset the clock (caches of clock-bound answers compare it; always 0 in production). */
  moves: () => moves,
  /** Tests: move time forward (or back) by `ms`. */
  shift(ms: number) {
    moves++
    if (frozenAt !== null) frozenAt += ms
    else offsetMs += ms
  },
  /** Tests: stop time at `at` (rules at their boundaries, to the millisecond) until `reset()`. */
  freeze(at: Date) {
    moves++
    frozenAt = at.getTime()
  },
  reset() {
    moves++
    offsetMs = 0
    frozenAt = null
  },
}

export const now = () => clock.now()
