/**
 * People's data rights: "Download my data" builds a zip with each kind of the person's data
 * (profile, bookings, seats, payments, invoice PDFs, feedback, applications, uploads) and nothing
 * of anyone else's, mailed as a link that works 7 days for that person only; "Delete my account"
 * is refused with clear messages while bookings, sessions, a team or money are in the way, needs
 * a fresh code, and erases the person while their invoices stay downloadable by the coach.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { strFromU8, unzipSync } from 'fflate'
import { Invoice } from '../../src/modules/payments/payment.entity'
import { Membership } from '../../src/modules/tenants/tenant.entity'
import { User } from '../../src/modules/users/user.entity'
import { clock } from '../../src/platform/clock'
import { runNow } from '../../src/platform/jobs'
import { getObject } from '../../src/platform/storage'
import { actor, Client, em, superAdmin, tenant } from '../client'
import { extractCode, extractLink, waitForMail, waitForNewMail } from '../mail'
import { expectReauthRequired, reauthenticate } from '../reauth'
import { book, world } from './bookings.fixtures'
import { moveToPast } from './coach.fixtures'
import { paidWorld, payAnother } from './payouts.fixtures'

setDefaultTimeout(120_000)

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

async function exportZip(client: Client, email: string) {
  const ready = waitForNewMail(email, (m) => m.subject.includes('data is ready'), 60_000)
  const asked = await client.post('/v1/users/me/export')
  expect(asked.status).toBe(201)
  expect(asked.body.data).toMatchObject({ status: 'pending', downloadUrl: null })
  const link = extractLink(await ready, '/exports/')
  const path = new URL(link).pathname
  const r = await fetch(new URL(path, process.env.APP_URL), { headers: { authorization: `Bearer ${client.bearer}` } })
  expect(r.status).toBe(200)
  expect(r.headers.get('content-type')).toBe('application/zip')
  return { path, id: asked.body.data.id as string, files: unzipSync(new Uint8Array(await r.arrayBuffer())) }
}
const jsonOf = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]))

describe('download my data', () => {
  test('the zip has each kind of the person’s data and nothing of another person’s; the link is theirs only, for 7 days', async () => {
    const w = await paidWorld(6000)
    const other = await actor({ profile: { firstName: 'Olga', lastName: 'Other' } })
    const theirs = await payAnother(w, other)
    const me = w.client
    // An invoice issued, a photo, feedback, a job application, a seat they were invited to.
    expect((await me.client.get(`/v1/payments/bookings/${w.bookingId}/invoice`)).status).toBe(200)
    expect((await other.client.get(`/v1/payments/bookings/${theirs.bookingId}/invoice`)).status).toBe(200)
    const form = new FormData()
    form.append('file', new File([PNG], 'me.png', { type: 'image/png' }))
    expect((await me.client.post('/v1/uploads/avatar', form)).status).toBe(201)
    const conn = em().getConnection()
    const [seat] = await conn.execute(`select id from booking_seats where booking_id = ? limit 1`, [w.bookingId])
    await conn.execute(
      `insert into feedbacks (id, created_at, updated_at, tenant_id, workshop_schedule_id, coach_id, user_id, booking_seat_id, rating, comment) values (?, now(), now(), ?, ?, ?, ?, ?, 5, 'Loved the role plays')`,
      [Bun.randomUUIDv7(), w.tenant.id, w.schedule.id, w.coach.user.id, me.user.id, seat.id],
    )
    w.coach.client.withTeam(w.tenant.slug)
    const job = await w.coach.client.post('/v1/t/job-postings', { title: 'Assistant coach' })
    await conn.execute(
      `insert into job_applications (id, created_at, updated_at, tenant_id, job_posting_id, name, email, answers, status, auto_rejected) values (?, now(), now(), ?, ?, 'Me Myself', ?, '[]', 'NEW', false), (?, now(), now(), ?, ?, 'Olga Other', ?, '[]', 'NEW', false)`,
      [Bun.randomUUIDv7(), w.tenant.id, job.body.data.id, me.user.email, Bun.randomUUIDv7(), w.tenant.id, job.body.data.id, other.user.email],
    )

    const { files, path, id } = await exportZip(me.client, me.user.email)
    const names = Object.keys(files)
    for (const f of [
      'README.txt',
      'manifest.json',
      'profile.json',
      'bookings.json',
      'seats.json',
      'payments.json',
      'feedback.json',
      'job-applications.json',
      'security.json',
    ])
      expect(names).toContain(f)
    expect(jsonOf(files, 'profile.json')).toMatchObject({ id: me.user.id, email: me.user.email })
    expect(jsonOf(files, 'bookings.json').map((b: any) => b.id)).toEqual([w.bookingId])
    expect(jsonOf(files, 'bookings.json')[0]).toMatchObject({ amount_paid: 6000, status: 'CONFIRMED' })
    expect(jsonOf(files, 'seats.json').map((s: any) => s.booking_id)).toEqual([w.bookingId])
    expect(jsonOf(files, 'payments.json').every((p: any) => p.booking_id === w.bookingId)).toBe(true)
    expect(jsonOf(files, 'payments.json')[0]).not.toHaveProperty('payment_intent_id')
    expect(jsonOf(files, 'feedback.json')).toMatchObject([{ rating: 5, comment: 'Loved the role plays' }])
    expect(jsonOf(files, 'job-applications.json')).toMatchObject([{ name: 'Me Myself', email: me.user.email, job: 'Assistant coach' }])
    const pdfs = names.filter((n) => n.startsWith('invoices/'))
    expect(pdfs).toHaveLength(1)
    expect(strFromU8(files[pdfs[0]].slice(0, 5))).toBe('%PDF-')
    const photo = names.find((n) => n.startsWith('uploads/avatar/'))!
    expect(files[photo]).toEqual(PNG)
    // Nothing of the other client: their booking, payments, invoice, name or address.
    const all = names.map((n) => (n.endsWith('.json') ? strFromU8(files[n]) : '')).join('\n')
    for (const x of [theirs.bookingId, other.user.id, other.user.email, 'Olga']) expect(all).not.toContain(x)

    // Listed with its link; only its person may download it; a browser not signed in is sent to sign in.
    const list = await me.client.get('/v1/users/me/exports')
    expect(list.body.data[0]).toMatchObject({ id, status: 'ready', downloadUrl: path })
    expect((await other.client.get(path)).status).toBe(404)
    const anon = await fetch(new URL(path, process.env.APP_URL), { headers: { accept: 'text/html' }, redirect: 'manual' })
    expect(anon.status).toBe(302)
    expect(anon.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(path)}`)
    expect((await new Client().get(path)).status).toBe(401)

    // Seven days later the link is gone and the sweep deletes the file.
    const [row] = await conn.execute(`select file_key from data_exports where id = ?`, [id])
    clock.shift(8 * 86_400_000)
    try {
      const gone = await me.client.get(path)
      expect(gone.status).toBe(410)
      expect(gone.body.message).toBe('This download has expired. Ask for a new copy of your data in Settings.')
      await runNow('privacy.sweep-exports')
      expect(await getObject(row.file_key)).toBeNull()
    } finally {
      clock.reset()
    }
  })

  test('one copy at a time (also when asked twice at once), three a day', async () => {
    const a = await actor()
    const both = await Promise.all([a.client.post('/v1/users/me/export'), a.client.post('/v1/users/me/export')])
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect(both.find((r) => r.status === 409)!.body.message).toBe('Your data is already being prepared: we will mail you a link when it is ready.')
    const conn = em().getConnection()
    await conn.execute(`update data_exports set status = 'ready' where user_id = ?`, [a.user.id])
    await conn.execute(
      `insert into data_exports (id, created_at, updated_at, user_id, status) values (?, now(), now(), ?, 'ready'), (?, now(), now(), ?, 'ready')`,
      [Bun.randomUUIDv7(), a.user.id, Bun.randomUUIDv7(), a.user.id],
    )
    const fourth = await a.client.post('/v1/users/me/export')
    expect(fourth.status).toBe(429)
    expect(fourth.body.message).toBe('You can ask for your data 3 times a day. Please try again tomorrow.')
  })
})

describe('delete my account', () => {
  test('refused with what to do first: upcoming paid bookings, upcoming sessions with bookings, the last manager of a team', async () => {
    const w = await paidWorld(5000)
    await reauthenticate(w.client)
    let r = await w.client.client.request('DELETE', '/v1/users/me')
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('You have upcoming paid bookings. Cancel them first (Bookings), then delete your account.')

    await reauthenticate(w.coach)
    r = await w.coach.client.request('DELETE', '/v1/users/me')
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('You run upcoming sessions with bookings. Cancel them first (Coach area › Workshops), then delete your account.')

    const t = await tenant({ slug: `solo-${Date.now()}` })
    const boss = await actor({ roles: ['coach'], tenant: t })
    await em().nativeUpdate(Membership, { tenant: t.id, user: boss.user.id }, { roles: ['manager'] })
    await reauthenticate(boss)
    r = await boss.client.request('DELETE', '/v1/users/me')
    expect(r.status).toBe(409)
    expect(r.body.message).toBe(
      `You are the last manager of ${t.name}. Make someone else a manager (Coach area › Team) or ask us to close the team, then delete your account.`,
    )
    expect(await em().count(User, { id: { $in: [w.client.user.id, w.coach.user.id, boss.user.id] } })).toBe(3)
  })

  test('needs a fresh code; then the person is erased, signed out, unfindable; the coach still downloads the invoice', async () => {
    const w = await paidWorld(7000)
    const me = w.client
    const name = `${me.user.profile.firstName} ${me.user.profile.lastName}`
    expect((await me.client.get(`/v1/payments/bookings/${w.bookingId}/invoice`)).status).toBe(200)
    // A session in a browser too.
    const browser = new Client()
    const mail = waitForNewMail(me.user.email, (m) => m.subject.includes('sign-in code'))
    await browser.post('/v1/auth/login-using-otp', { email: me.user.email })
    await browser.post('/v1/auth/login-using-otp', { email: me.user.email, code: extractCode(await mail) })
    expect((await browser.get('/v1/auth/me')).status).toBe(200)
    // The session is over: the booking is past, nothing stands in the way.
    await moveToPast(w.schedule.id, 3)

    expectReauthRequired(await me.client.request('DELETE', '/v1/users/me'))
    const codeMail = waitForNewMail(me.user.email, (m) => m.subject.includes('confirmation code'))
    expect((await me.client.post('/v1/auth/reauthenticate', {})).status).toBe(200)
    const code = extractCode(await codeMail)
    const wrong = await me.client.request('DELETE', '/v1/users/me', { code: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(422)
    const done = await me.client.request('DELETE', '/v1/users/me', { code })
    expect(done.status).toBe(204)

    // Signed out everywhere at once.
    expect((await me.client.get('/v1/auth/me')).status).toBe(401)
    expect((await browser.get('/v1/auth/me')).status).toBe(401)
    // Anonymised; nobody finds them.
    const row = (await em().findOne(User, { id: me.user.id }, { filters: false }))!
    expect(row.email).toBe(`deleted-${me.user.id}@deleted.invalid`)
    expect(row.profile).toEqual({ firstName: 'Deleted', lastName: 'user' })
    expect(row.erasedAt).toBeInstanceOf(Date)
    expect(row.status).toBe('suspended')
    expect(row.username).toBeNull()
    const admin = await superAdmin()
    expect((await admin.client.get(`/v1/users?q=${encodeURIComponent(me.user.email)}`)).body.data).toEqual([])
    // No account answers to the old address any more (a sign-in code would go nowhere); it was told.
    expect(await em().count(User, { email: me.user.email }, { filters: false })).toBe(0)
    await waitForMail(me.user.email, (m) => m.subject.includes('account is deleted'))

    // The records of what was paid stay: the coach downloads the invoice, which keeps the buyer's details.
    const inv = await w.coach.client.withTeam(w.tenant.slug).get(`/v1/payments/bookings/${w.bookingId}/invoice`)
    expect(inv.status).toBe(200)
    expect(inv.headers.get('content-type')).toBe('application/pdf')
    const doc = (await em().findOne(Invoice, { booking: w.bookingId, kind: 'invoice' }, { filters: false }))!
    expect(doc.lines).toMatchObject({ clientName: name, clientEmail: me.user.email })
    const [b] = await em().getConnection().execute(`select status, amount_paid, user_id from bookings where id = ?`, [w.bookingId])
    expect(b).toMatchObject({ status: 'CONFIRMED', amount_paid: 7000, user_id: me.user.id })
    // The coach's views show the person as "Deleted user".
    const list = await w.coach.client.get(`/v1/bookings/${w.bookingId}?include=user`)
    expect(JSON.stringify(list.body)).not.toContain(me.user.email)
  })

  test('a free booking still to come is cancelled with the account (its seats go back)', async () => {
    const w = await world({ price: 0 })
    const me = await actor()
    const r = await book(me, w.schedule.id)
    expect(r.status).toBe(201)
    await reauthenticate(me)
    expect((await me.client.request('DELETE', '/v1/users/me')).status).toBe(204)
    const [b] = await em().getConnection().execute(`select status from bookings where id = ?`, [r.body.data.id])
    expect(b.status).toBe('CANCELLED')
  })
})
