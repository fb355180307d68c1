import type { MikroORM } from '@mikro-orm/postgresql'
import { jobService } from './platform/jobs'

/** Background parts that live beside the HTTP server (jobs, local Stripe server, ...). */
type Service = { name: string; start(orm: MikroORM, databaseUrl: string): Promise<void>; stop(): Promise<void> }
const services: Service[] = [jobService]

export function registerService(s: Service) {
  services.push(s)
}
export async function startServices(orm: MikroORM, databaseUrl: string) {
  for (const s of services) await s.start(orm, databaseUrl)
}
export async function stopServices() {
  for (const s of [...services].reverse()) await s.stop().catch(() => {})
}
