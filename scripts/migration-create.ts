/**
 * Writes a migration for the difference between the entities and the committed snapshot:
 * `npm run migration:create [-- name]`. Runs against a throwaway embedded PostgreSQL with
 * every existing migration applied, so the diff never depends on a developer's database.
 */

import { openOrm } from '../src/entities'
import { provideDatabase } from '../src/platform/db/database'
import { migrateUp } from '../src/platform/db/orm'

const db = await provideDatabase({ throwaway: true })
try {
  const orm = await openOrm(db.url)
  await migrateUp(orm)
  const name = process.argv[2]
  const result = await orm.migrator.create(undefined, false, false, name)
  console.log(result.fileName ? `created migrations/${result.fileName}` : 'no changes: entities match the snapshot')
  await orm.close(true)
} finally {
  await db.stop()
}
