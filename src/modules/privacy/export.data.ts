/**
 * What "Download my data" gathers: everything the product keeps about one person, read by their
 * id (and their email where a row names them by address), never anyone else's rows. Each part
 * becomes a JSON file of the zip; invoices come as their PDFs, uploads as the files.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { getObject } from '../../platform/storage'
import { documentNumber, Invoice, renderInvoicePdf } from '../payments'
import { serializeUser, type User } from '../users'

/** Uploads past these bounds are listed in the manifest but not copied (the zip is built in memory). */
const MAX_FILES = 200
const MAX_FILE_BYTES = 25 * 1024 * 1024
const MAX_TOTAL_BYTES = 200 * 1024 * 1024

type Rows = Record<string, unknown>[]
const rows = (em: EntityManager, sql: string, params: unknown[]) => em.getConnection().execute<Rows>(sql, params)

/** Another module's part of the export (messages, packages...): a file name and its rows. */
export type ExportSection = (em: EntityManager, user: User) => Promise<{ name: string; data: unknown } | null>
const sections: ExportSection[] = []
/** A module adds what it keeps about a person (one line at its start-up). */
export const addExportSection = (fn: ExportSection) => sections.push(fn)

export interface ExportFile {
  path: string
  bytes: Uint8Array
}

export async function gatherExport(em: EntityManager, user: User): Promise<{ files: ExportFile[]; manifest: Record<string, unknown> }> {
  const id = user.id
  const email = user.email.toLowerCase()
  const json: Record<string, unknown> = {
    'profile.json': { ...serializeUser(user), roles: user.roles },
    'bookings.json': await rows(
      em,
      `select b.id, b.status, b.seats, b.amount_total, b.discount, b.amount_due, b.amount_paid, b.currency, b.voucher_code, b.notes, b.address, b.meta,
              b.created_at, b.confirmed_at, b.cancelled_at, b.cancellation_reason, b.refund_amount, b.refund_terms,
              w.title as workshop, s.start_date, s.end_date, s.timezone, t.name as team
         from bookings b join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id join tenants t on t.id = b.tenant_id
        where b.user_id = ? and b.deleted_at is null order by b.created_at`,
      [id],
    ),
    'seats.json': await rows(
      em,
      `select bs.id, bs.booking_id, bs.status, bs.email, bs.attended, bs.created_at, bs.responded_at, w.title as workshop, s.start_date
         from booking_seats bs join bookings b on b.id = bs.booking_id join workshop_schedules s on s.id = b.workshop_schedule_id join workshops w on w.id = s.workshop_id
        where (bs.user_id = ? or lower(bs.email) = ?) and bs.deleted_at is null order by bs.created_at`,
      [id, email],
    ),
    'payments.json': await rows(
      em,
      `select p.id, p.booking_id, p.kind, p.status, p.amount, p.amount_refunded, p.currency, p.card_brand, p.card_last4, p.created_at
         from payments p join bookings b on b.id = p.booking_id where b.user_id = ? order by p.created_at`,
      [id],
    ),
    'feedback.json': await rows(
      em,
      `select f.id, f.rating, f.comment, f.created_at, w.title as workshop
         from feedbacks f join workshop_schedules s on s.id = f.workshop_schedule_id join workshops w on w.id = s.workshop_id
        where f.user_id = ? and f.deleted_at is null order by f.created_at`,
      [id],
    ),
    'waitlists.json': await rows(
      em,
      `select e.id, e.status, e.seats, e.created_at, w.title as workshop, s.start_date
         from waitlist_entries e join workshop_schedules s on s.id = e.workshop_schedule_id join workshops w on w.id = s.workshop_id
        where e.user_id = ? order by e.created_at`,
      [id],
    ),
    'job-applications.json': await rows(
      em,
      `select a.id, a.name, a.email, a.answers, a.resume_name, a.status, a.created_at, j.title as job, t.name as team
         from job_applications a join job_postings j on j.id = a.job_posting_id join tenants t on t.id = a.tenant_id
        where lower(a.email) = ? order by a.created_at`,
      [email],
    ),
    'teams.json': await rows(
      em,
      `select t.name as team, t.slug, m.status, m.roles, m.created_at as joined_at from memberships m join tenants t on t.id = m.tenant_id where m.user_id = ? order by m.created_at`,
      [id],
    ),
    'mail-preferences.json': await rows(em, `select kind, created_at as opted_out_at from mail_opt_outs where user_id = ?`, [id]),
    'security.json': {
      passkeys: await rows(em, `select name, device_type, created_at, last_used_at from passkeys where user_id = ? order by created_at`, [id]),
      sessions: await rows(em, `select user_agent, ip, country, created_at, last_seen_at from sessions where user_id = ? order by created_at`, [id]),
      apiTokens: await rows(
        em,
        `select name, user_agent, last_ip, created_at, last_used_at from personal_access_tokens where user_id = ? order by created_at`,
        [id],
      ),
      devices: await rows(em, `select user_agent, created_at, last_seen_at from known_devices where user_id = ? order by created_at`, [id]),
    },
    'changes-you-made.json': await rows(
      em,
      `select a.created_at, a.action, a.resource, a.resource_id, t.name as team from audit_log a left join tenants t on t.id = a.tenant_id
        where a.actor_id = ? order by a.created_at desc limit 5000`,
      [id],
    ),
  }
  for (const section of sections) {
    const part = await section(em, user)
    if (part) json[`${part.name}.json`] = part.data
  }
  const files: ExportFile[] = Object.entries(json).map(([path, data]) => ({ path, bytes: new TextEncoder().encode(JSON.stringify(data, null, 2)) }))

  // Invoices and credit notes of the person's bookings, as the PDFs they can download one by one.
  const invoices = await em.find(Invoice, { booking: { user: id } } as never, { orderBy: { issuedAt: 'asc' }, filters: false, disableIdentityMap: true })
  for (const inv of invoices) {
    const original = inv.kind === 'credit_note' ? invoices.find((x) => x.kind === 'invoice' && x.booking.id === inv.booking.id) : undefined
    files.push({
      path: `invoices/${documentNumber(inv)}-${inv.id.slice(-6)}.pdf`,
      bytes: await renderInvoicePdf(inv, original ? documentNumber(original) : undefined),
    })
  }

  // Uploads: their photo and the files they uploaded.
  const uploads = await rows(em, `select id, kind, key, original_name, mime_type, size, created_at from files where owner_id = ? order by created_at`, [id])
  const skipped: unknown[] = []
  let total = 0
  for (const [i, f] of uploads.entries()) {
    const size = Number(f.size)
    if (i >= MAX_FILES || size > MAX_FILE_BYTES || total + size > MAX_TOTAL_BYTES) {
      skipped.push({ id: f.id, name: f.original_name, size, reason: 'too large for the archive: download it from the product' })
      continue
    }
    const obj = await getObject(String(f.key)).catch(() => null)
    if (!obj) continue
    total += size
    const name = String(f.original_name ?? f.key)
      .replace(/[^\w.-]+/g, '_')
      .slice(-80)
    files.push({ path: `uploads/${f.kind}/${String(f.id).slice(-8)}-${name}`, bytes: new Uint8Array(await obj.body.arrayBuffer()) })
  }

  const manifest = {
    person: { id, email: user.email },
    createdAt: new Date().toISOString(),
    files: files.map((f) => f.path),
    uploads: uploads.map((u) => ({ id: u.id, kind: u.kind, name: u.original_name, size: Number(u.size), createdAt: u.created_at })),
    skipped,
  }
  return { files, manifest }
}
