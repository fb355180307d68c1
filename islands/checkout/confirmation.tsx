/**
 * The checkout's last screen: the booking is confirmed, and what happens next is said there:
 * where the confirmation mail went, the session in the workshop's time (the viewer's beside),
 * "Add to calendar" (the booking's .ics and a Google Calendar link), the other seats to give
 * out, until when a cancellation is refunded, and the booking's own page.
 */
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { count } from '../../src/shared/words'
import type { Booking } from './payment-step'
import type { CheckoutProps } from './props'

const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** A Google Calendar "new event" link with the session's title, times, zone, place and booking page. */
export function googleCalendarUrl(o: { title: string; startDate: string; endDate: string; timezone: string; place: string; details: string }) {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: o.title,
    dates: `${stamp(o.startDate)}/${stamp(o.endDate)}`,
    ctz: o.timezone,
    location: o.place,
    details: o.details,
  })
  return `https://calendar.google.com/calendar/render?${q}`
}

const list = css({ display: 'flex', flexDir: 'column', gap: '2', fontSize: 'sm', w: 'full', borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })
const term = css({ fontWeight: 'semibold' })
const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })

export function Confirmation({ booking, ...props }: { booking: Booking } & CheckoutProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const href = props.bookingUrl.replace('{id}', booking.id)
  // The booking page's full address for the calendar entry: known in the browser (the same first render on the server and in the browser).
  const [pageUrl, setPageUrl] = useState(href)
  useEffect(() => setPageUrl(new URL(href, location.origin).href), [href])
  const others = booking.seats - 1
  const session = props.session
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
      <p>
        {props.what === 'session' ? (
          <>
            Your session <strong>{props.title}</strong> is confirmed.
          </>
        ) : (
          <>
            {booking.seats === 1 ? 'Your seat' : count(booking.seats, 'seat')} for <strong>{props.title}</strong> {booking.seats === 1 ? 'is' : 'are'}{' '}
            confirmed.
          </>
        )}
        {session ? ` ${session.when}.` : ''}
      </p>
      <dl className={list} data-testid="next-steps">
        <div>
          <dt className={term}>Confirmation</dt>
          <dd>
            Sent to <strong>{props.email}</strong>
            {booking.amountPaid > 0 ? ', with the receipt. The invoice is on the booking page.' : '.'}
          </dd>
        </div>
        {session && (
          <div>
            <dt className={term}>Add to calendar</dt>
            <dd className={row}>
              <LinkButton size="sm" variant="outline" href={`/v1/bookings/${booking.id}/calendar.ics`} download>
                Calendar file (.ics)
              </LinkButton>
              <LinkButton
                size="sm"
                variant="outline"
                href={googleCalendarUrl({ title: props.title, ...session, details: `Your booking: ${pageUrl}` })}
                target="_blank"
                rel="noopener noreferrer"
              >
                Google Calendar
              </LinkButton>
            </dd>
          </div>
        )}
        {others > 0 && (
          <div>
            <dt className={term}>Your other {others === 1 ? 'seat' : count(others, 'seat')}</dt>
            <dd>
              <a className={css({ textDecoration: 'underline', textUnderlineOffset: '2px' })} href={`${href}/seats`}>
                Invite {others === 1 ? 'someone' : 'people'} by email
              </a>
              : they get a link to accept {others === 1 ? 'the seat' : 'a seat'}.
            </dd>
          </div>
        )}
        {props.refundDeadline && (
          <div>
            <dt className={term}>If plans change</dt>
            <dd data-testid="refund-deadline">{props.refundDeadline} Cancel from the booking page.</dd>
          </div>
        )}
      </dl>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <LinkButton size="md" href={href}>
          View booking
        </LinkButton>
        <LinkButton size="md" variant="outline" href={props.moreUrl ?? '/workshops'}>
          {props.what === 'session' ? 'Back to the coach' : 'Browse more workshops'}
        </LinkButton>
      </div>
    </div>
  )
}
