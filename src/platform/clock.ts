/**
 * The application's notion of "now". Time-dependent rules (booking holds, voucher expiry,
 * invitation expiry) read it instead of `new Date()`, so tests can move time forward without
 * waiting. Production never shifts it.
 */
let offsetMs = 0

export const clock = {
  now: () => new Date(Date.now() + offsetMs),
  /** Tests: move time forward (or back) by `ms`. */
  shift(ms: number) {
    offsetMs += ms
  },
  reset() {
    offsetMs = 0
  },
}

export const now = () => clock.now()
