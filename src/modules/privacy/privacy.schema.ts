/**
 * "Download my data" and "Delete my account": bodies, views and the words people read (no
 * server imports: the settings dialog uses them).
 */
import * as v from 'valibot'
import { otpRule } from '../../shared/rules'
import { DateTime, NullableDateTime } from '../../shared/view'

export const EXPORT_TTL_DAYS = 7
/** At most this many exports a day per person (each reads everything of theirs). */
export const EXPORTS_PER_DAY = 3

export const PRIVACY_MESSAGES = {
  exportPending: 'Your data is already being prepared: we will mail you a link when it is ready.',
  exportLimit: `You can ask for your data ${EXPORTS_PER_DAY} times a day. Please try again tomorrow.`,
  exportGone: 'This download has expired. Ask for a new copy of your data in Settings.',
  exportNotReady: 'This download is not ready yet: we will mail you when it is.',
  upcomingBookings: 'You have upcoming paid bookings. Cancel them first (Bookings), then delete your account.',
  upcomingSessions: 'You run upcoming sessions with bookings. Cancel them first (Coach area › Workshops), then delete your account.',
  lastManager: (teams: string[]) =>
    `You are the last manager of ${teams.join(', ')}. Make someone else a manager (Coach area › Team) or ask us to close the team, then delete your account.`,
  payoutsPending: 'Money from your sessions is still on its way to your payout account. Please wait until it has been paid out, then delete your account.',
} as const

export const ExportView = v.object({
  id: v.string(),
  status: v.pipe(v.picklist(['pending', 'ready', 'failed', 'expired']), v.description('pending: being built; ready: downloadable until expiresAt')),
  size: v.pipe(v.nullable(v.number()), v.description('Bytes of the zip, once ready')),
  createdAt: DateTime,
  finishedAt: NullableDateTime,
  expiresAt: NullableDateTime,
  downloadUrl: v.pipe(v.nullable(v.string()), v.description('Only for you, signed in, until it expires')),
})

/** DELETE /v1/users/me: a fresh second check, or the code of a confirmation mail sent for it. */
export const DeleteAccountSchema = v.strictObject(
  { code: v.optional(v.pipe(otpRule, v.description('A 6-digit code from `POST /v1/auth/reauthenticate` (instead of a second check made before)'))) },
  () => 'The request body must be a JSON object.',
)
