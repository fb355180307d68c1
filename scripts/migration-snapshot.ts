/**
 * Rewrites the migrator's snapshot from the entities, for after a merge of two branches that
 * each added a migration (their snapshot files conflict): `bun run scripts/migration-snapshot.ts`.
 * It applies every migration to a throwaway PostgreSQL first and refuses to write when the
 * migrated database still differs from the entities (a migration is missing then).
 */

import { openOrm } from '../src/entities'
import { provideDatabase } from '../src/platform/db/database'
import { migrateUp } from '../src/platform/db/orm'

const db = await provideDatabase({ throwaway: true })
try {
  const orm = await openOrm(db.url)
  await migrateUp(orm)
  const pending = (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()
  if (pending) {
    console.error(`the migrations do not produce the entities' schema; missing:\n${pending}`)
    process.exitCode = 1
  } else {
    await (orm.migrator as any).storeCurrentSchema()
    console.log('snapshot rewritten from the entities')
  }
  await orm.close(true)
} finally {
  await db.stop()
}
