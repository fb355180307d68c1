/**
 * Invoices and credit notes. A number is taken from Tenant.invoiceCounter by an UPDATE that
 * row-locks the tenant until the transaction that inserts the document commits: numbers are
 * sequential per tenant and a rolled-back insert gives its number back (no gaps).
 */
import type { EntityManager } from '@mikro-orm/postgresql'
import { Booking, occasionOf } from '../bookings'
import { Tenant } from '../tenants'
import { User } from '../users'
import { Invoice, type InvoiceKind, type InvoiceLines, Payment } from './payment.entity'

export const documentNumber = (inv: Pick<Invoice, 'kind' | 'number'>) => `${inv.kind === 'credit_note' ? 'CN' : 'INV'}-${String(inv.number).padStart(6, '0')}`

/** The booking's invoice or credit note, issued now if it does not exist yet (call inside a transaction). */
export async function issueDocument(tem: EntityManager, bookingId: string, kind: InvoiceKind): Promise<Invoice | null> {
  const existing = await tem.findOne(Invoice, { booking: bookingId, kind })
  if (existing) return existing
  const booking = await tem.findOne(Booking, { id: bookingId }, { filters: false })
  if (!booking) return null
  const payments = await tem.find(Payment, { booking: bookingId, status: { $in: ['succeeded', 'refunded'] } })
  const paid = payments.filter((p) => p.kind === 'payment')
  const refunded = payments.filter((p) => p.kind === 'refund').reduce((s, p) => s + p.amount, 0)
  if (kind === 'invoice' && !paid.length && booking.amountPaid <= 0) return null
  if (kind === 'credit_note' && refunded <= 0) return null

  const [tenant, user, schedule] = await Promise.all([
    tem.findOneOrFail(Tenant, { id: booking.tenant.id }, { filters: false }),
    tem.findOneOrFail(User, { id: booking.user.id }, { filters: false }),
    // The schedule of seats, or the session (title, time, zone) of a one-to-one booking.
    occasionOf(tem, booking),
  ])
  if (!schedule) return null
  const workshop = schedule.workshop
  const card = paid.find((p) => p.cardLast4)
  const unitPrice = booking.seats ? Math.round(booking.amountTotal / booking.seats) : 0
  const lines: InvoiceLines = {
    tenantName: tenant.name,
    clientName: [user.profile?.firstName, user.profile?.lastName].filter(Boolean).join(' ') || user.username || user.email,
    clientEmail: user.email,
    workshopTitle: workshop.title,
    scheduleStart: schedule.startDate.toISOString(),
    scheduleEnd: schedule.endDate.toISOString(),
    timezone: schedule.timezone,
    seats: booking.seats,
    unitPrice,
    subtotal: booking.amountTotal,
    discount: booking.discount,
    voucherCode: booking.voucherCode ?? null,
    total: kind === 'invoice' ? booking.amountTotal - booking.discount : refunded,
    paymentTransactionId: booking.paymentTransactionId ?? null,
    cardBrand: card?.cardBrand ?? null,
    cardLast4: card?.cardLast4 ?? null,
  }
  const [row] = await tem.execute(`update tenants set invoice_counter = invoice_counter + 1, updated_at = now() where id = ? returning invoice_counter`, [
    tenant.id,
  ])
  const doc = tem.create(Invoice, {
    tenant: tenant.id,
    booking: booking.id,
    kind,
    number: Number(row.invoice_counter),
    issuedAt: new Date(),
    currency: booking.currency,
    total: lines.total,
    lines,
  })
  await tem.flush()
  return doc
}
