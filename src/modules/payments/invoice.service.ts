/**
 * Invoices and credit notes. A number is taken from Tenant.invoiceCounter by an UPDATE that
 * row-locks the tenant until the transaction that inserts the document commits: numbers are
 * sequential per tenant and a rolled-back insert gives its number back (no gaps).
 *
 * An invoice per paid booking, a credit note per refund. Each carries the seller (the team's tax
 * profile: legal name, address, tax ID), the buyer (the booking's billing details), its lines
 * with net, rate, tax and gross, and the tax's kind and note (reverse charge, outside scope), as
 * the booking's tax decided them; a credit note splits the refunded amount at the invoice's rate.
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, occasionOf } from '../bookings'
import { type BookingTax, loadTaxProfile, refundSplit } from '../tax'
import { Tenant } from '../tenants'
import { User } from '../users'
import { Invoice, type InvoiceItem, type InvoiceKind, type InvoiceLines, Payment } from './payment.entity'

/** Where a document's PDF is: an invoice by its booking, a credit note by its id (a booking may have several). */
export const documentUrl = (bookingId: string, kind: string, id: string) =>
  `/v1/payments/bookings/${bookingId}/invoice${kind === 'credit_note' ? `?document=credit-note&id=${id}` : ''}`

export const documentNumber = (inv: Pick<Invoice, 'kind' | 'number'>) => `${inv.kind === 'credit_note' ? 'CN' : 'INV'}-${String(inv.number).padStart(6, '0')}`

/**
 * Refunds `r` that still owe a credit note: succeeded, none issued for it, and not covered by a
 * credit note of the booking issued before one was issued per refund (those have no `items`
 * and covered the refunds made before them).
 */
export const OWED_CREDIT_NOTE = `r.kind = 'refund' and r.status = 'succeeded'
  and not exists (select 1 from invoices c where c.refund_id = r.id)
  and not exists (select 1 from invoices c where c.booking_id = r.booking_id and c.kind = 'credit_note' and c.refund_id is null
                  and c.lines->'items' is null and c.issued_at >= r.created_at)`

/** The booking's invoice, or its latest credit note after issuing the ones owed; issued now if missing (call inside a transaction, booking locked). */
export async function issueDocument(tem: EntityManager, bookingId: string, kind: InvoiceKind): Promise<Invoice | null> {
  if (kind === 'invoice') return (await tem.findOne(Invoice, { booking: bookingId, kind })) ?? issue(tem, bookingId, null)
  const owed = await tem.execute<{ id: string }[]>(`select r.id from payments r where r.booking_id = ? and ${OWED_CREDIT_NOTE} order by r.created_at, r.id`, [
    bookingId,
  ])
  for (const r of owed) await issue(tem, bookingId, r.id)
  return tem.findOne(Invoice, { booking: bookingId, kind: 'credit_note' }, { orderBy: { number: 'desc' } })
}

const nameOf = (u: User) => [u.profile?.firstName, u.profile?.lastName].filter(Boolean).join(' ') || u.username || u.email

/** A document of the booking: its invoice (`refundId` null) or the credit note of one refund. */
async function issue(tem: EntityManager, bookingId: string, refundId: string | null): Promise<Invoice | null> {
  const booking = await tem.findOne(Booking, { id: bookingId }, { filters: false })
  if (!booking) return null
  const kind: InvoiceKind = refundId ? 'credit_note' : 'invoice'
  const payments = await tem.find(Payment, { booking: bookingId, status: { $in: ['succeeded', 'refunded'] } })
  const paid = payments.filter((p) => p.kind === 'payment')
  const refund = refundId ? payments.find((p) => p.id === refundId && p.kind === 'refund') : null
  if (kind === 'invoice' && !paid.length && booking.amountPaid <= 0) return null
  if (kind === 'credit_note' && !refund?.amount) return null

  const [tenant, user, schedule, profile] = await Promise.all([
    tem.findOneOrFail(Tenant, { id: booking.tenant.id }, { filters: false }),
    tem.findOneOrFail(User, { id: booking.user.id }, { filters: false }),
    // The schedule of seats, or the session (title, time, zone) of a one-to-one booking.
    occasionOf(tem, booking),
    loadTaxProfile(tem, booking.tenant.id),
  ])
  if (!schedule) return null
  const workshop = schedule.workshop
  const card = paid.find((p) => p.cardLast4)
  const tax: BookingTax | null = booking.tax ?? null
  const invoiced = booking.amountTotal - booking.discount
  // The invoice: what the booking's tax computed (legacy bookings: no tax). A credit note: the refund at the same rate.
  const split = refund ? refundSplit(refund.amount, tax) : tax ? { net: tax.net, tax: tax.tax, gross: tax.gross } : { net: invoiced, tax: 0, gross: invoiced }
  const rate = tax?.kind === 'standard' ? tax.rate : 0
  const item: InvoiceItem = {
    description:
      schedule.kind === 'session'
        ? `${workshop.title}, ${schedule.startDate.toISOString().slice(0, 10)}`
        : `${workshop.title}, ${schedule.startDate.toISOString().slice(0, 10)} (${booking.seats} ${booking.seats === 1 ? 'seat' : 'seats'})`,
    quantity: booking.seats,
    ...split,
    rate,
  }
  const billing = booking.billing ?? null
  const lines: InvoiceLines = {
    tenantName: tenant.name,
    clientName: nameOf(user),
    clientEmail: user.email,
    workshopTitle: workshop.title,
    scheduleStart: schedule.startDate.toISOString(),
    scheduleEnd: schedule.endDate.toISOString(),
    timezone: schedule.timezone,
    seats: booking.seats,
    unitPrice: booking.seats ? Math.round(booking.amountTotal / booking.seats) : 0,
    subtotal: booking.amountTotal,
    discount: booking.discount,
    voucherCode: booking.voucherCode ?? null,
    total: split.gross,
    paymentTransactionId: booking.paymentTransactionId ?? null,
    cardBrand: card?.cardBrand ?? null,
    cardLast4: card?.cardLast4 ?? null,
    seller: { name: profile?.legalName || tenant.name, address: profile?.address ?? null, country: profile?.country ?? null, taxId: profile?.taxId ?? null },
    buyer: {
      name: nameOf(user),
      email: user.email,
      company: billing?.company ?? null,
      address: billing?.address ?? null,
      country: billing?.country ?? null,
      taxId: billing?.vatId ?? null,
    },
    items: [item],
    tax: tax
      ? { kind: tax.kind, name: tax.name, rate, country: tax.country, included: tax.included, note: tax.note }
      : { kind: 'none', name: 'tax', rate: 0, country: null, included: false, note: null },
  }
  const [row] = await tem.execute(`update tenants set invoice_counter = invoice_counter + 1, updated_at = now() where id = ? returning invoice_counter`, [
    tenant.id,
  ])
  const doc = tem.create(Invoice, {
    tenant: tenant.id,
    booking: booking.id,
    refund: refundId,
    kind,
    number: Number(row.invoice_counter),
    issuedAt: new Date(),
    currency: booking.currency,
    total: split.gross,
    net: split.net,
    tax: split.tax,
    taxRate: rate,
    taxKind: tax?.kind ?? 'none',
    taxCountry: tax?.country ?? null,
    lines,
  })
  await tem.flush()
  return doc
}
