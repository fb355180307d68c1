/**
 * The development start's demo payouts step (`ensureDemoPayouts`) pays the demo's own waiting
 * payments again at the local payment server (which forgets everything on restart), and touches
 * nothing else: a payment someone made in the app keeps the ids the provider answered, so its
 * refund still finds it after a restart.
 */
import { describe, expect, test } from 'bun:test'
import type { EntityManager } from '@mikro-orm/postgresql'
import { ensureDemoPayouts } from '../../src/demo/payouts'
import { em } from '../client'
import { stripeAdmin } from '../peers/stripe'
import { paidWorld } from './payouts.fixtures'

const paymentOf = async (bookingId: string) =>
  (await em().execute<any[]>(`select id, payment_intent_id, charge_id from payments where booking_id = ? and kind = 'payment'`, [bookingId]))[0]!

describe('demo payouts at start', () => {
  test("only the demo's own waiting payments are paid again; others keep their ids", { timeout: 120_000 }, async () => {
    const mine = await paidWorld(5_000)
    const demoSeeded = await paidWorld(6_000)
    const demoRestarted = await paidWorld(7_000)
    // As after a restart of the local payment server: none of these charges is known there any more.
    const forget = async (bookingId: string, pi: string, ch: string, meta?: object) => {
      await em().execute(`update payments set payment_intent_id = ?, charge_id = ? where booking_id = ?`, [pi, ch, bookingId])
      if (meta) await em().execute(`update bookings set meta = meta || ?::jsonb where id = ?`, [JSON.stringify(meta), bookingId])
    }
    const tag = Bun.randomUUIDv7().slice(-8)
    await forget(mine.bookingId, `pi_before_restart_${tag}`, `ch_before_restart_${tag}`)
    // A demo payment as the demo loads it, and one whose ids a previous start already changed.
    await forget(demoSeeded.bookingId, `pi_demo_${tag}`, `ch_demo_${tag}`)
    await forget(demoRestarted.bookingId, `pi_previous_start_${tag}`, `ch_previous_start_${tag}`, { demo: true })

    await ensureDemoPayouts(em() as EntityManager)

    expect(await paymentOf(mine.bookingId)).toMatchObject({ payment_intent_id: `pi_before_restart_${tag}`, charge_id: `ch_before_restart_${tag}` })
    for (const { bookingId } of [demoSeeded, demoRestarted]) {
      const p = await paymentOf(bookingId)
      expect(p.payment_intent_id).not.toContain(tag)
      // A charge the payment server knows, so the demo's transfers can be made from it.
      const charge = await stripeAdmin().charges.retrieve(p.charge_id)
      expect(charge.payment_intent).toBe(p.payment_intent_id)
    }
  })
})
