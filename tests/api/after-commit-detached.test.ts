/**
 * What a committed change still owes is not cut by the request's client leaving. A request's
 * database work ends when its client goes away (nothing commits for nobody), but once the
 * COMMIT is done its after-commit effects (an invoice number, a job, a mail) must finish: a
 * payment webhook whose sender timed out after the booking was confirmed used to lose the
 * booking's invoice this way.
 */
import { describe, expect, test } from 'bun:test'
// @ts-expect-error -- pg ships no types here
import pg from 'pg'
import { afterCommit, transaction } from '../../src/platform/db/after-commit'
import { withDbDeadline } from '../../src/platform/db/deadline'
import { app, em, tenant as makeTenant } from '../client'
import { waitFor } from './server-process'

const counter = async (id: string) => Number((await em().execute('select invoice_counter as n from tenants where id = ?', [id]))[0].n)

/** Holds the tenant row (`FOR UPDATE`) on a connection of the test's own. */
async function holdTenant(id: string) {
  const c = new pg.Client({ connectionString: app().databaseUrl, application_name: 'test-locker' })
  await c.connect()
  await c.query('begin')
  await c.query('select id from tenants where id = $1 for update', [id])
  return {
    async release() {
      await c.query('rollback')
      await c.end()
    },
  }
}

const lockWaiters = async () =>
  Number(
    (
      await em().execute(
        `select count(*)::int as n from pg_stat_activity where application_name = 'summit' and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      )
    )[0].n,
  )

/** A request-like scope whose transaction commits, then owes one write behind the held row. */
function requestWithEffect(tenantId: string, signal: AbortSignal) {
  return withDbDeadline({ timeoutMs: 30_000, signal }, () =>
    transaction(em(), async (tem) => {
      await tem.execute('select 1')
      // As an invoice is issued: a transaction of its own that takes the counter, then inserts.
      await afterCommit(tem, () =>
        transaction(em(), async (t) => {
          await t.execute('update tenants set invoice_counter = invoice_counter + 1 where id = ?', [tenantId])
          await t.execute('select 1')
        }),
      )
    }),
  )
}

describe('after-commit effects and a client that leaves', () => {
  test('the client leaving while an effect waits for a row lock does not cut the effect: it completes once the lock is released', async () => {
    const t = await makeTenant()
    const lock = await holdTenant(t.id)
    const gone = new AbortController()
    let done: Promise<void>
    try {
      done = requestWithEffect(t.id, gone.signal)
      expect(await waitFor(async () => (await lockWaiters()) > 0, 20_000)).toBe(true)
      gone.abort()
    } finally {
      await lock.release()
    }
    await done!
    expect(await counter(t.id)).toBe(1)
  })

  test('control: the same client leaving before the COMMIT rolls the work back and its effect never runs', async () => {
    const t = await makeTenant()
    const gone = new AbortController()
    gone.abort()
    await expect(requestWithEffect(t.id, gone.signal)).rejects.toThrow('The client went away')
    expect(await counter(t.id)).toBe(0)
  })
})
