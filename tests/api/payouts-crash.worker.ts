/**
 * A second app process for payouts-crash.test.ts: opens the test's database and its local
 * Stripe server (DATABASE_URL, STRIPE_API_URL) and runs one booking's transfer, as the
 * `payouts.transfer` job of another server would. The test kills it mid-way.
 */
export {}

const { openOrm } = await import('../../src/entities')
const { setOrm } = await import('../../src/platform/db/current')
const orm = await openOrm(process.env.DATABASE_URL!, { pool: 2 })
setOrm(orm)
const { transferOnce } = await import('../../src/modules/payouts/transfer.service')
console.log('worker: transferring')
const outcome = await transferOnce(process.argv[2])
console.log(`worker: ${outcome}`)
await orm.close(true)
