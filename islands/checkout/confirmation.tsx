/** The checkout's last screen: the booking is confirmed, with links to it and to more workshops. */
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import type { Booking } from './payment-step'
import type { CheckoutProps } from './props'

export function Confirmation({ booking, ...props }: { booking: Booking } & CheckoutProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const href = props.bookingUrl.replace('{id}', booking.id)
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4', alignItems: 'flex-start' })} role="status">
      <span
        aria-hidden="true"
        className={css({
          w: '12',
          h: '12',
          borderRadius: 'full',
          bg: 'green.3',
          color: 'green.11',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: '2xl',
          fontWeight: 'bold',
        })}
      >
        ✓
      </span>
      <h2 ref={heading} tabIndex={-1} className={css({ fontSize: '2xl', fontWeight: 'bold', outline: 'none' })}>
        You're booked!
      </h2>
      {props.what === 'session' ? (
        <p>
          Your session <strong>{props.title}</strong> is confirmed. The confirmation and its calendar file are on their way to your inbox.
        </p>
      ) : (
        <p>
          {booking.seats === 1 ? 'Your seat' : `${booking.seats} seats`} for <strong>{props.title}</strong> {booking.seats === 1 ? 'is' : 'are'} confirmed.
        </p>
      )}
      {booking.seats > 1 && <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Invite the people joining you from the booking page.</p>}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <LinkButton size="md" href={href}>
          View booking
        </LinkButton>
        {props.what === 'session' ? (
          <LinkButton size="md" variant="outline" href={`/v1/bookings/${booking.id}/calendar.ics`} download>
            Add to calendar
          </LinkButton>
        ) : null}
        <LinkButton size="md" variant="outline" href={props.moreUrl ?? '/workshops'}>
          {props.what === 'session' ? 'Back to the coach' : 'Browse more workshops'}
        </LinkButton>
      </div>
    </div>
  )
}
