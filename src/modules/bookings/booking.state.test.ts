import { describe, expect, test } from 'bun:test'
import { discountFor } from '../vouchers'
import { BOOKING_STATUSES } from './booking.entity'
import { assertTransition, holdsSeats, TRANSITIONS } from './booking.state'

const ended = { scheduleEndsAt: new Date('2026-01-01T12:00:00Z'), now: new Date('2026-01-02T00:00:00Z'), reason: 'x' }

describe('booking state machine', () => {
  test('exactly the transitions of docs/product-rules.md section 4 are allowed', () => {
    const allowed: string[] = []
    for (const from of BOOKING_STATUSES)
      for (const to of BOOKING_STATUSES) {
        try {
          assertTransition(from, to, ended)
          allowed.push(`${from}->${to}`)
        } catch (e: any) {
          expect(e.status).toBe(409)
        }
      }
    expect(allowed.sort()).toEqual(['CONFIRMED->CANCELLED', 'CONFIRMED->COMPLETED', 'CONFIRMED->NO_SHOW', 'PENDING->CANCELLED', 'PENDING->CONFIRMED'])
    expect(Object.values(TRANSITIONS).flat().length).toBe(5)
  })

  test('completed / no-show wait for the end; cancel needs a reason (422)', () => {
    const running = { ...ended, now: new Date('2026-01-01T11:00:00Z') }
    expect(() => assertTransition('CONFIRMED', 'COMPLETED', running)).toThrow('after the workshop has ended')
    expect(() => assertTransition('CONFIRMED', 'NO_SHOW', running)).toThrow()
    try {
      assertTransition('PENDING', 'CANCELLED', { ...ended, reason: '  ' })
      throw new Error('no error')
    } catch (e: any) {
      expect(e.status).toBe(422)
      expect(e.errors.cancellationReason).toEqual(['A reason is required to cancel a booking'])
    }
    expect(BOOKING_STATUSES.filter(holdsSeats)).toEqual(['PENDING', 'CONFIRMED'])
  })
})

describe('voucher discounts (minor units)', () => {
  test('percentage, capped; fixed, capped; free; never above the total', () => {
    expect(discountFor({ discountType: 'percentage', discountValue: 25 }, 16000)).toBe(4000)
    expect(discountFor({ discountType: 'percentage', discountValue: 25, maxDiscount: 3000 }, 16000)).toBe(3000)
    expect(discountFor({ discountType: 'percentage', discountValue: 33.3 }, 999)).toBe(333)
    expect(discountFor({ discountType: 'percentage', discountValue: 10, maxDiscount: 0 }, 5000)).toBe(500)
    expect(discountFor({ discountType: 'fixed', discountValue: 1000 }, 5000)).toBe(1000)
    expect(discountFor({ discountType: 'fixed', discountValue: 9000 }, 5000)).toBe(5000)
    expect(discountFor({ discountType: 'fixed', discountValue: 2000, maxDiscount: 1500 }, 5000)).toBe(1500)
    expect(discountFor({ discountType: 'free', discountValue: 0 }, 5000)).toBe(5000)
  })
})
