import { MikroORM, defineConfig } from '@mikro-orm/postgresql'
import { Migrator } from '@mikro-orm/migrations'
import { resolve } from 'node:path'
import { entities } from '../../entities'
import { log } from '../log'

export const migrationsPath = resolve(import.meta.dir, '../../../migrations')

export function ormConfig(clientUrl: string, opts: { debug?: boolean; pool?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    logger: (message) => log.debug({ orm: message }),
    pool: { min: 0, max: opts.pool ?? 20 },
    forceUtcTimezone: true,
    // Entities are plain data for the API layer; serialize through response schemas.
    serialization: { forceObject: true },
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: '!(*.d).{js,ts}',
      snapshot: true,
      snapshotName: '.snapshot-summit',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
    },
  })
}

export async function initOrm(clientUrl: string, opts: { debug?: boolean; pool?: number } = {}) {
  return MikroORM.init(ormConfig(clientUrl, opts))
}

/** Applies every pending migration; answers the names applied. */
export async function migrateUp(orm: MikroORM) {
  const applied = await orm.migrator.up()
  if (applied.length) log.info({ migrations: applied.map((m) => m.name) }, 'applied migrations')
  return applied
}

export type Orm = MikroORM
