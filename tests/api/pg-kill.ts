/** Crashing a test's own PostgreSQL the hard way (the tests that check durability and recovery). */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const postmasterPidOf = (dataDir: string) => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])

/** SIGKILL of the postmaster and every backend it started: the database is gone at once. */
export function killCluster(pid: number) {
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
  for (const p of [pid, ...children])
    try {
      process.kill(p, 'SIGKILL')
    } catch {}
}
