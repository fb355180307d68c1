/** Crashing a test's own PostgreSQL the hard way (the tests that check durability and recovery). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const postmasterPidOf = (dataDir: string) => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])

/** The postmaster and every backend it started. */
export function clusterPids(pid: number) {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the parenthesised name).
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid
      } catch {
        return false
      }
    })
  return [pid, ...children]
}

/** Sends `signal` to the postmaster and every backend it started. */
export function signalCluster(pid: number, signal: NodeJS.Signals) {
  for (const p of clusterPids(pid))
    try {
      process.kill(p, signal)
    } catch {}
}

/** SIGKILL of the postmaster and every backend it started: the database is gone at once. */
export const killCluster = (pid: number) => signalCluster(pid, 'SIGKILL')

/**
 * SIGSTOP of the postmaster and every backend: the database hangs (the kernel still accepts
 * connections, nothing answers). Backends started later are children of a stopped postmaster,
 * so none are. `resume` sends SIGCONT to the same processes.
 */
export function freezeCluster(pid: number) {
  // The postmaster first: it forks no backend after this, so the list below is complete.
  process.kill(pid, 'SIGSTOP')
  const pids = clusterPids(pid)
  for (const p of pids)
    try {
      process.kill(p, 'SIGSTOP')
    } catch {}
  return {
    resume() {
      for (const p of pids)
        try {
          process.kill(p, 'SIGCONT')
        } catch {}
    },
  }
}
