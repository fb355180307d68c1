/**
 * Where the machine's CPU went while a benchmark ran: CPU time of every process from /proc
 * (Linux), taken before and after, grouped by who it belongs to (the app servers, PostgreSQL,
 * the load generator, the benchmark itself, and everything else on the machine).
 *
 *   const before = cpuSnapshot()
 *   ... run the load ...
 *   const share = cpuShare(before, cpuSnapshot(), (p) => (p.pid === serverPid ? 'server' : null))
 *
 * Figures are in cores (1.00 = one core busy for the whole time); `idle` is the machine's idle
 * time from /proc/stat over the same span.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const HZ = 100

export interface Proc {
  pid: number
  ppid: number
  comm: string
  /** user + system CPU, in ticks */
  ticks: number
}

export interface CpuSnapshot {
  at: number
  procs: Map<number, Proc>
  /** /proc/stat: all ticks and idle ticks (idle + iowait) of the machine */
  total: number
  idle: number
  cores: number
}

function readProc(pid: number): Proc | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // comm is in parentheses and may hold spaces: the fields after the last ')' are fixed.
    const close = text.lastIndexOf(')')
    const comm = text.slice(text.indexOf('(') + 1, close)
    const f = text.slice(close + 2).split(' ')
    // f[0] = state (field 3), f[1] = ppid, utime = field 14 -> f[11], stime = f[12]
    return { pid, ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) }
  } catch {
    return null // gone meanwhile
  }
}

export function cpuSnapshot(): CpuSnapshot {
  const procs = new Map<number, Proc>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const p = readProc(Number(name))
    if (p) procs.set(p.pid, p)
  }
  const lines = readFileSync('/proc/stat', 'utf8').split('\n')
  const cpu = lines[0]!.trim().split(/\s+/).slice(1).map(Number)
  const cores = lines.filter((l) => /^cpu\d+ /.test(l)).length
  return { at: performance.now(), procs, total: cpu.reduce((a, b) => a + b, 0), idle: (cpu[3] ?? 0) + (cpu[4] ?? 0), cores }
}

/** Is `pid` `root` or one of its descendants (in the snapshot)? */
export function descendsFrom(snap: CpuSnapshot, pid: number, root: number): boolean {
  for (let p = snap.procs.get(pid), n = 0; p && n < 64; p = snap.procs.get(p.ppid), n++) if (p.pid === root) return true
  return false
}

/**
 * Cores used per group between two snapshots. `group` names the group of a process (null:
 * "rest of the machine"). Processes that started after `before` count from zero; ones that
 * ended before `after` are not seen: take both while what you measure runs (see `whileRunning`).
 */
export function cpuShare(before: CpuSnapshot, after: CpuSnapshot, group: (p: Proc, snap: CpuSnapshot) => string | null) {
  const seconds = (after.at - before.at) / 1000
  const out: Record<string, number> = {}
  for (const p of after.procs.values()) {
    const prev = before.procs.get(p.pid)
    // A pid seen before counts from then (a lower count is a new process under a reused pid).
    const ticks = p.ticks - (prev && prev.ticks <= p.ticks ? prev.ticks : 0)
    if (ticks <= 0) continue
    const name = group(p, after) ?? 'rest of the machine'
    out[name] = (out[name] ?? 0) + ticks / HZ / seconds
  }
  const span = after.total - before.total
  out.idle = span > 0 ? ((after.idle - before.idle) / span) * after.cores : 0
  return out
}

/** `a 0.93, b 0.41, ...` in the order given, then the rest. */
export function formatShare(share: Record<string, number>, order: string[] = []) {
  const keys = [...order.filter((k) => k in share), ...Object.keys(share).filter((k) => !order.includes(k))]
  return keys.map((k) => `${k} ${share[k]!.toFixed(2)}`).join(', ')
}

/**
 * The CPU shares while `run` runs for about `seconds`: sampled from a quarter second after its
 * start to a quarter second before its planned end, so short-lived processes it starts (a load
 * generator) are alive at both ends and the ramp-up and wind-down are left out.
 */
export async function whileRunning<T>(seconds: number, run: () => Promise<T>, group: (p: Proc, snap: CpuSnapshot) => string | null) {
  const margin = Math.min(250, (seconds * 1000) / 8)
  let before: CpuSnapshot | undefined
  let after: CpuSnapshot | undefined
  const t1 = setTimeout(() => (before = cpuSnapshot()), margin)
  const t2 = setTimeout(() => (after = cpuSnapshot()), seconds * 1000 - margin)
  const result = await run()
  clearTimeout(t1)
  clearTimeout(t2)
  return { result, cpu: before && after ? cpuShare(before, after, group) : {} }
}
