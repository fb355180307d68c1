/** Wall-clock times in an IANA zone <-> instants, for datetime-local inputs (no library). */
const formats = new Map<string, Intl.DateTimeFormat>()
function parts(d: Date, tz: string) {
  let f = formats.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(tz, f)
  }
  const o: Record<string, string> = {}
  for (const p of f.formatToParts(d)) o[p.type] = p.value
  return o
}
const offsetAt = (ms: number, tz: string) => {
  const p = parts(new Date(ms), tz)
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute, +p.second) - Math.floor(ms / 1000) * 1000
}

/** '2026-12-01T09:30' in `tz` -> ISO instant, or '' when not a valid value. */
export function zonedToIso(local: string, tz: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!m) return ''
  try {
    const guess = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])
    let ms = guess - offsetAt(guess, tz)
    ms = guess - offsetAt(ms, tz)
    return new Date(ms).toISOString()
  } catch {
    return ''
  }
}

/** ISO instant -> '2026-12-01T09:30' as the wall clock reads in `tz`. */
export function isoToZoned(iso: string, tz: string): string {
  try {
    const p = parts(new Date(iso), tz)
    return `${p.year}-${p.month}-${p.day}T${String(+p.hour % 24).padStart(2, '0')}:${p.minute}`
  } catch {
    return ''
  }
}

export function timeZones(): string[] {
  try {
    const list = Intl.supportedValuesOf('timeZone')
    return list.includes('UTC') ? list : ['UTC', ...list]
  } catch {
    return ['UTC']
  }
}
