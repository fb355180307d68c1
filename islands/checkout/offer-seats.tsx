/** The seats part of the checkout: what they mean, and a waitlist offer's held seats. */
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { count } from '../../src/shared/words'
import type { CheckoutProps } from './props'

/** What the seats mean before booking: one is the booker's; any others are theirs to give. */
export function seatsNote(seats: number) {
  if (seats <= 1) return 'One seat, for you. To bring colleagues, pick more seats: you invite them after booking.'
  const others = seats - 1
  return `One seat is yours; after booking, invite ${others === 1 ? 'someone to the other seat' : `people to the other ${count(others, 'seat')}`}.`
}

/** A waitlist offer's seats: fixed, and held until the offer ends (the time left ticks once mounted). */
export function OfferSeats({ offer }: { offer: NonNullable<CheckoutProps['offer']> }) {
  const [left, setLeft] = useState<number | null>(null)
  useEffect(() => {
    const end = Date.parse(offer.expiresAt)
    const tick = () => setLeft(Math.max(0, end - Date.now()))
    tick()
    const t = setInterval(tick, 1000)
    return () => clearInterval(t)
  }, [offer.expiresAt])
  const mins = left === null ? null : Math.ceil(left / 60_000)
  return (
    <div
      data-testid="offer"
      className={css({ borderWidth: '1px', borderColor: 'green.7', bg: 'green.2', color: 'green.12', borderRadius: 'l2', px: '3', py: '2', fontSize: 'sm' })}
    >
      <p className={css({ fontWeight: 'semibold' })}>{count(offer.seats, 'seat is')} held for you</p>
      <p>
        {left === 0
          ? 'The offer has ended: the seats went to the next person waiting.'
          : mins === null
            ? 'Book them before the offer ends.'
            : `Book ${offer.seats === 1 ? 'it' : 'them'} within ${count(mins, 'minute')}, or ${offer.seats === 1 ? 'it goes' : 'they go'} to the next person waiting.`}
      </p>
    </div>
  )
}
