import type { MikroORM } from '@mikro-orm/postgresql'

let current: MikroORM | null = null

/** The process's ORM, set once at start (server or test harness). */
export function setOrm(orm: MikroORM | null) {
  current = orm
}
export function getOrm(): MikroORM {
  if (!current) throw new Error('The database is not initialised')
  return current
}
