/**
 * Demo data of the teams (last of the demo): Maya also coaches in Northwind (a plain coach
 * there; she manages Acme), with a workshop of her own in Northwind, a past session with
 * bookings (one used the team's STARTUP25 voucher) and a coming draft, so switching teams
 * visibly changes every page. Acme has a waiting invitation; its link uses the fixed demo
 * token `demo-team-invitation` (/invitations/team/demo-team-invitation, to nina@summit.localhost).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, BookingSeat } from '../modules/bookings'
import { TaxProfile, taxOfSale } from '../modules/tax'
import { TeamInvitation } from '../modules/teams'
import { Membership, Tenant } from '../modules/tenants'
import { User } from '../modules/users'
import { Voucher } from '../modules/vouchers'
import { Workshop, WorkshopSchedule } from '../modules/workshops'
import { sha256 } from '../platform/crypto'
import { log } from '../platform/log'

export const DEMO_TEAM_INVITATION_TOKEN = 'demo-team-invitation'
const DAY = 86_400_000

export async function seedTeams(em: EntityManager) {
  const north = await em.findOne(Tenant, { slug: 'northwind' })
  const acme = await em.findOne(Tenant, { slug: 'acme' })
  const maya = await em.findOne(User, { username: 'maya' }, { filters: false })
  const clients = await em.find(User, { email: { $in: ['priya@summit.localhost', 'tom@summit.localhost', 'lucas@summit.localhost'] } }, { filters: false })
  if (!north || !acme || !maya || clients.length < 3) return
  const [priya, tom, lucas] = ['priya', 'tom', 'lucas'].map((n) => clients.find((c) => c.email.startsWith(n))!)
  if (!(await em.count(Membership, { tenant: north, user: maya }))) em.create(Membership, { tenant: north, user: maya, status: 'ACTIVE', roles: ['coach'] })

  const profile = await em.findOne(TaxProfile, { tenant: north }, { filters: false })
  const now = Date.now()
  const at = (days: number, hour: number) => {
    const d = new Date(now + days * DAY)
    d.setUTCHours(hour, 0, 0, 0)
    return d
  }
  const remote = em.create(Workshop, {
    tenant: north,
    coach: maya,
    title: 'Leading Remote Teams',
    slug: 'leading-remote-teams',
    description: 'Rituals, writing and one-to-ones for managers whose team spans time zones: keep people close without more meetings.',
    image: null,
    video: null,
    price: 12900,
    // Northwind sells in euros, its prices including VAT.
    currency: 'eur',
    priceNote: 'incl. VAT',
    minSeats: 2,
    maxSeats: 12,
  })
  const schedule = (days: number, status: 'PUBLISHED' | 'DRAFT') =>
    em.create(WorkshopSchedule, {
      tenant: north,
      coach: maya,
      workshop: remote,
      startDate: at(days, 15),
      endDate: new Date(at(days, 15).getTime() + 3 * 3600e3),
      timezone: 'Europe/Stockholm',
      country: 'SE',
      level: 'INTERMEDIATE',
      status,
      visibility: 'PUBLIC',
      mode: 'ONLINE',
      meetingUrl: `https://meet.summit.localhost/leading-remote-teams-${days}`,
      payoutStatus: 'pending',
      seatsTaken: 0,
    })
  // Northwind is on the free plan with its three published sessions to come: Maya's next one waits as a draft.
  const past = schedule(-15, 'PUBLISHED')
  schedule(24, 'DRAFT')
  const startup = await em.findOne(Voucher, { tenant: north, code: 'STARTUP25' }, { filters: false })
  const book = (user: User, seats: number, voucher?: Voucher | null) => {
    const total = 12900 * seats
    const discount = voucher ? Math.min(Math.round(total * 0.25), 7500) : 0
    const created = new Date(past.startDate.getTime() - (seats + 5) * DAY)
    // Online: taxed where the buyer is (the server's decision for Northwind's German VAT registration).
    const tax = taxOfSale(profile, { mode: 'ONLINE' }, { country: user.profile?.country ?? null }, total - discount, created)
    const b = em.create(Booking, {
      tenant: north,
      user,
      workshopSchedule: past,
      seats,
      status: 'COMPLETED',
      voucherCode: voucher?.code ?? null,
      voucherId: voucher?.id ?? null,
      amountTotal: total,
      discount,
      amountDue: tax.gross,
      amountPaid: tax.gross,
      currency: 'eur',
      tax,
      paymentMethod: 'card',
      paymentTransactionId: `pi_demo_remote_${user.username}`,
      confirmedAt: created,
      meta: {},
      createdAt: created,
      updatedAt: created,
    })
    em.create(BookingSeat, { tenant: north.id, booking: b, user, status: 'ACCEPTED', respondedAt: created, attended: true, meta: {} })
    for (let i = 1; i < seats; i++) em.create(BookingSeat, { tenant: north.id, booking: b, status: 'PENDING', meta: {} })
    past.seatsTaken += seats
    if (voucher) voucher.uses += 1
    return b
  }
  book(priya, 2, startup)
  book(tom, 1)
  book(lucas, 1)

  em.create(TeamInvitation, {
    tenant: acme,
    email: 'nina@summit.localhost',
    roles: ['coach'],
    tokenHash: sha256(DEMO_TEAM_INVITATION_TOKEN),
    status: 'PENDING',
    inviter: maya,
    sentAt: new Date(now - DAY),
    expiresAt: new Date(now + 6 * DAY),
  })
  await em.flush()
  log.debug('demo teams: maya also coaches in northwind; a waiting invitation to acme')
}
