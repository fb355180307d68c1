/** Bookings written straight to the database for catalogue tests (the bookings API is tested on its own). */

import { Booking, BookingSeat } from '../../src/modules/bookings/booking.entity'
import { em } from '../client'

export async function book(opts: {
  tenantId: string
  scheduleId: string
  userId: string
  seats?: number
  status?: string
  amountPaid?: number
  guests?: { userId?: string; email?: string; status?: string }[]
}) {
  const m = em()
  const booking = m.create(Booking, {
    tenant: opts.tenantId,
    user: opts.userId,
    workshopSchedule: opts.scheduleId,
    seats: opts.seats ?? 1,
    status: opts.status ?? 'CONFIRMED',
    amountTotal: opts.amountPaid ?? 0,
    amountDue: opts.amountPaid ?? 0,
    amountPaid: opts.amountPaid ?? 0,
  } as any)
  const seats = [m.create(BookingSeat, { tenant: opts.tenantId, booking, user: opts.userId, status: 'ACCEPTED' } as any)]
  for (const g of opts.guests ?? [])
    seats.push(m.create(BookingSeat, { tenant: opts.tenantId, booking, user: g.userId ?? null, email: g.email ?? null, status: g.status ?? 'ACCEPTED' } as any))
  await m.flush()
  return { booking, seats }
}
