import { describe, expect, test } from 'bun:test'
import { actor } from '../client'
import { mailsTo, waitForNewMail } from '../mail'
import { book } from './catalogue.bookings'
import { makeSchedule, makeWorkshop, team } from './catalogue.fixtures'

const path = (w: any) => `/v1/workshops/${w.id}/resources`

describe('workshop resources', () => {
  test('validation messages of section 5', async () => {
    const { coach } = await team()
    const w = await makeWorkshop(coach)
    const empty = await coach.client.post(path(w), {})
    expect(empty.status).toBe(422)
    expect(empty.body.errors.title).toEqual(['Title is required'])
    expect(empty.body.errors.type).toEqual(['Please select a valid resource type'])
    const bad = await coach.client.post(path(w), {
      title: 'x'.repeat(256),
      type: 'link',
      url: 'nope',
      description: 'd'.repeat(1001),
      sortOrder: -1,
      fileType: 't'.repeat(101),
      filePath: 'p'.repeat(256),
    })
    expect(bad.body.errors.title).toEqual(['Title must be at most 255 characters'])
    expect(bad.body.errors.url).toEqual(['Please enter a valid URL'])
    expect(bad.body.errors.description).toEqual(['Description must be at most 1000 characters'])
    expect(bad.body.errors.sortOrder).toEqual(['Sort order must be a whole number of at least 0'])
    expect(bad.body.errors.fileType).toEqual(['File type must be at most 100 characters'])
    expect(bad.body.errors.filePath).toEqual(['File path must be at most 255 characters'])
    const longUrl = await coach.client.post(path(w), { title: 'Link', type: 'link', url: `https://x.example.com/${'a'.repeat(500)}` })
    expect(longUrl.body.errors.url).toEqual(['Must be at most 500 characters'])
    const msg = 'URL is required for links and videos, file path is required for files and documents'
    expect((await coach.client.post(path(w), { title: 'Link', type: 'link' })).body.errors.url).toEqual([msg])
    expect((await coach.client.post(path(w), { title: 'Video', type: 'video', url: '' })).body.errors.url).toEqual([msg])
    expect((await coach.client.post(path(w), { title: 'File', type: 'file' })).body.errors.filePath).toEqual([msg])
    expect((await coach.client.post(path(w), { title: 'Doc', type: 'document', url: 'https://x.example.com' })).body.errors.filePath).toEqual([msg])
    expect((await coach.client.post(path(w), { title: 'Agent', type: 'agent' })).status).toBe(201)
    // the rule also holds on update, against the stored row
    const link = (await coach.client.post(path(w), { title: 'Slides', type: 'link', url: 'https://x.example.com/slides' })).body.data
    expect((await coach.client.patch(`${path(w)}/${link.id}`, { url: null })).body.errors.url).toEqual([msg])
    expect((await coach.client.patch(`${path(w)}/${link.id}`, { type: 'file' })).body.errors.filePath).toEqual([msg])
  })

  test('CRUD by the coach, soft delete and restore, sorted by sortOrder', async () => {
    const { coach } = await team()
    const w = await makeWorkshop(coach)
    const b = (await coach.client.post(path(w), { title: 'Second', type: 'link', url: 'https://x.example.com/2', sortOrder: 2 })).body.data
    const a = (
      await coach.client.post(path(w), { title: 'First', type: 'file', filePath: 'files/a.pdf', fileSize: 1024, fileType: 'application/pdf', sortOrder: 1 })
    ).body.data
    expect(a.fileSize).toBe(1024)
    const list = await coach.client.get(path(w))
    expect(list.body.data.map((r: any) => r.title)).toEqual(['First', 'Second'])
    const upd = await coach.client.patch(`${path(w)}/${b.id}`, { title: 'Renamed', isVisible: false })
    expect(upd.body.data.title).toBe('Renamed')
    expect(upd.body.data.isVisible).toBe(false)
    expect((await coach.client.delete(`${path(w)}/${a.id}`)).status).toBe(204)
    expect((await coach.client.get(`${path(w)}/${a.id}`)).status).toBe(404)
    expect((await coach.client.post(`${path(w)}/${a.id}/restore`)).status).toBe(200)
    expect((await coach.client.get(`${path(w)}/${a.id}`)).status).toBe(200)
    // a resource id under another workshop's path is not found
    const w2 = await makeWorkshop(coach)
    expect((await coach.client.get(`${path(w2)}/${a.id}`)).status).toBe(404)
  })

  test('visible resources for confirmed attendees only; hidden ones for the coach only', async () => {
    const { coach, other, client, tenant } = await team()
    const guest = await actor({ tenant })
    guest.client.withTeam(tenant.slug)
    const pendingClient = await actor({ tenant })
    pendingClient.client.withTeam(tenant.slug)
    const w = await makeWorkshop(coach)
    const s = await makeSchedule(coach, w.id)
    const shown = (await coach.client.post(path(w), { title: 'Shown', type: 'link', url: 'https://x.example.com/a' })).body.data
    const hidden = (await coach.client.post(path(w), { title: 'Hidden', type: 'link', url: 'https://x.example.com/b', isVisible: false })).body.data
    expect((await client.client.get(path(w))).status).toBe(403)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 2, guests: [{ userId: guest.user.id }] })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: pendingClient.user.id, status: 'PENDING' })
    for (const who of [client, guest]) {
      const r = await who.client.get(path(w))
      expect(r.status).toBe(200)
      expect(r.body.data.map((x: any) => x.id)).toEqual([shown.id])
      expect((await who.client.get(`${path(w)}/${hidden.id}`)).status).toBe(404)
      expect((await who.client.post(path(w), { title: 'Mine', type: 'agent' })).status).toBe(403)
    }
    expect((await pendingClient.client.get(path(w))).status).toBe(403)
    expect((await other.client.get(path(w))).status).toBe(403)
    expect((await other.client.patch(`${path(w)}/${shown.id}`, { title: 'x' })).status).toBe(403)
    expect((await coach.client.get(path(w))).body.data).toHaveLength(2)
    // another tenant: the workshop itself is not found
    const b = await team()
    expect((await b.coach.client.get(path(w))).status).toBe(404)
    expect((await b.coach.client.post(path(w), { title: 'Mine', type: 'agent' })).status).toBe(404)
    expect((await b.coach.client.patch(`${path(w)}/${shown.id}`, { title: 'x' })).status).toBe(404)
    // an attendee who booked through the marketplace without joining the tenant still reads them
    const outsider = await actor()
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: outsider.user.id })
    const seen = await outsider.client.get(path(w))
    expect(seen.status).toBe(200)
    expect(seen.body.data.map((x: any) => x.id)).toEqual([shown.id])
  })

  test('a visible broadcast resource mails the confirmed attendees once', async () => {
    const { coach, client, tenant } = await team()
    const guest = await actor({ tenant })
    const pending = await actor({ tenant })
    const w = await makeWorkshop(coach, { title: 'Broadcast workshop' })
    const s = await makeSchedule(coach, w.id)
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id, seats: 2, guests: [{ userId: guest.user.id }] })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: pending.user.id, status: 'PENDING' })
    // hidden first: no mail until it becomes visible
    const r = (await coach.client.post(path(w), { title: 'Workbook', type: 'link', url: 'https://x.example.com/wb', isBroadcast: true, isVisible: false })).body
      .data
    expect(r.broadcastAt).toBeNull()
    const toClient = waitForNewMail(client.user.email, (m) => m.subject.includes('Broadcast workshop'))
    const toGuest = waitForNewMail(guest.user.email, (m) => m.subject.includes('Broadcast workshop'))
    const published = await coach.client.patch(`${path(w)}/${r.id}`, { isVisible: true })
    expect(published.body.data.broadcastAt).toBeString()
    const mail = await toClient
    expect(mail.subject).toBe('New resource for Broadcast workshop')
    expect(mail.text).toContain('Workbook')
    await toGuest
    await coach.client.patch(`${path(w)}/${r.id}`, { title: 'Workbook v2' })
    await Bun.sleep(300)
    expect(mailsTo(client.user.email).filter((m) => m.subject.includes('Broadcast workshop'))).toHaveLength(1)
    expect(mailsTo(pending.user.email)).toHaveLength(0)
  })
})

describe('per-booking resource preferences', () => {
  test('the coach shows a hidden resource to one booking and hides a visible one', async () => {
    const { em } = await import('../client')
    const { Booking } = await import('../../src/modules/bookings/booking.entity')
    const { coach, client, tenant } = await team()
    const other = await actor({ tenant })
    const w = await makeWorkshop(coach)
    const s = await makeSchedule(coach, w.id)
    const open = (await coach.client.post(path(w), { title: 'Open', type: 'link', url: 'https://x.example.com/o' })).body.data
    const secret = (await coach.client.post(path(w), { title: 'Secret', type: 'link', url: 'https://x.example.com/s', isVisible: false })).body.data
    const { booking } = await book({ tenantId: tenant.id, scheduleId: s.id, userId: client.user.id })
    await book({ tenantId: tenant.id, scheduleId: s.id, userId: other.user.id })
    await em().nativeUpdate(
      Booking,
      { id: booking.id },
      {
        meta: {
          workshopResourcePreferences: [
            { id: open.id, isVisible: false },
            { id: secret.id, isVisible: true },
          ],
        },
      },
      { filters: false },
    )
    const mine = await client.client.get(path(w))
    expect(mine.body.data.map((r: any) => r.title)).toEqual(['Secret'])
    expect((await client.client.get(`${path(w)}/${open.id}`)).status).toBe(404)
    expect((await client.client.get(`${path(w)}/${secret.id}`)).status).toBe(200)
    const theirs = await other.client.get(path(w))
    expect(theirs.body.data.map((r: any) => r.title)).toEqual(['Open'])
  })
})
