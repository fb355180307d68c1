import { describe, expect, test } from 'bun:test'
import { confirmBooking } from '../../src/modules/bookings/booking.service'
import { em } from '../client'
import { mailsTo, waitForMail } from '../mail'
import { book, world } from './bookings.fixtures'

describe('booking mail', () => {
  test('a free booking is confirmed by mail at once; cancelling mails the reason', async () => {
    const w = await world({ price: 0 })
    const r = await book(w.client, w.schedule.id, { seats: 2 })
    expect(r.status).toBe(201)
    expect(r.body.data.status).toBe('CONFIRMED')
    const confirmed = await waitForMail(w.client.user.email, (m) => m.subject === `Booking confirmed: ${w.workshop.title}`)
    expect(confirmed.text).toContain('2 seats')
    expect(confirmed.text).toContain(`/b/bookings/${r.body.data.id}`)
    const c = await w.client.client.post(`/v1/bookings/${r.body.data.id}/cancel`, { reason: 'Change of plans' })
    expect(c.status).toBe(200)
    const cancelled = await waitForMail(w.client.user.email, (m) => m.subject === `Booking cancelled: ${w.workshop.title}`)
    expect(cancelled.text).toContain('Reason: Change of plans.')
  })

  test('a paid booking is confirmed by mail once, however often the payment is reported', async () => {
    const w = await world({ price: 2500 })
    const r = await book(w.client, w.schedule.id, { seats: 1 })
    expect(r.body.data.status).toBe('PENDING')
    expect(mailsTo(w.client.user.email).filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(0)
    const payment = { amountPaid: 2500, paymentMethod: 'card', paymentTransactionId: `pi_${r.body.data.id}` }
    await confirmBooking(em(), r.body.data.id, payment)
    await confirmBooking(em(), r.body.data.id, payment)
    const mail = await waitForMail(w.client.user.email, (m) => m.subject.startsWith('Booking confirmed'))
    expect(mail.text).toContain('paid 25.00 USD')
    await Bun.sleep(300)
    expect(mailsTo(w.client.user.email).filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1)
  })
})
