/**
 * Mail about a booking that Summit sends on its own: reminders 24 hours and 1 hour before a
 * session, and the feedback request after it. Each kind can be turned off (Settings ->
 * Preferences, or the one-click unsubscribe link of each mail). No server imports: the
 * settings dialog uses the same names and rules.
 */
import * as v from 'valibot'
import { DateTime } from '../../shared/view'

export const NOTIFICATION_KINDS = ['reminder_24h', 'reminder_1h', 'feedback_request'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The preference key of each kind (the API and the settings dialog speak these). */
export const PREFERENCE_KEYS = { reminder24h: 'reminder_24h', reminder1h: 'reminder_1h', feedbackRequest: 'feedback_request' } as const satisfies Record<
  string,
  NotificationKind
>
export type PreferenceKey = keyof typeof PREFERENCE_KEYS

/** How each kind is named to people (settings, unsubscribe page, mail footer). */
export const KIND_LABELS: Record<NotificationKind, { label: string; plural: string }> = {
  reminder_24h: { label: 'Reminder a day before a workshop', plural: 'reminders a day before your workshops' },
  reminder_1h: { label: 'Reminder an hour before a workshop', plural: 'reminders an hour before your workshops' },
  feedback_request: { label: 'Feedback request after a workshop', plural: 'feedback requests after your workshops' },
}

const flag = (key: string) => v.optional(v.boolean(`${key} must be true or false`))

/** `PATCH /v1/notifications/preferences`: any of the keys; true sends that mail, false stops it. */
export const NotificationPreferencesSchema = v.strictObject({
  reminder24h: flag('reminder24h'),
  reminder1h: flag('reminder1h'),
  feedbackRequest: flag('feedbackRequest'),
})

export const NotificationPreferencesView = v.object({
  reminder24h: v.pipe(v.boolean(), v.description('Reminder mail 24 hours before each session')),
  reminder1h: v.pipe(v.boolean(), v.description('Reminder mail 1 hour before each session')),
  feedbackRequest: v.pipe(v.boolean(), v.description('Feedback request mail after each session')),
})

export const UnsubscribeSchema = v.strictObject({
  token: v.pipe(
    v.string('The unsubscribe link is not valid.'),
    v.trim(),
    v.nonEmpty('The unsubscribe link is not valid.'),
    v.maxLength(200, 'The unsubscribe link is not valid.'),
  ),
})

export const UnsubscribeView = v.object({
  kind: v.picklist(NOTIFICATION_KINDS),
  description: v.string(),
  unsubscribed: v.boolean(),
  at: DateTime,
})
