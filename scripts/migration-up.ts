/** Applies pending migrations to DATABASE_URL (or the embedded development database). */

import { openOrm } from '../src/entities'
import { provideDatabase } from '../src/platform/db/database'
import { migrateUp } from '../src/platform/db/orm'

const db = await provideDatabase()
const orm = await openOrm(db.url, { limits: false })
const applied = await migrateUp(orm)
console.log(applied.length ? `applied ${applied.map((m) => m.name).join(', ')}` : 'nothing to apply')
await orm.close(true)
await db.stop()
