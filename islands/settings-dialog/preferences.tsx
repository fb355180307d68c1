/**
 * The Preferences tab: Appearance (System, Light, Dark), stored in the cookie the server reads;
 * below it, Notifications: which automatic mails about bookings come (reminders a day and an
 * hour before, the feedback request after), saved as soon as a switch moves.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { colorModeChoices } from '../../design-system/components/radio-group/color-mode-pictures'
import { RadioPictureGroup } from '../../design-system/components/radio-group/radio-picture-group'
import { Switch } from '../../design-system/components/switch/switch'
import type { ColorModePreference } from '../../design-system/constants'
import { useColorMode } from '../../design-system/use-color-mode'
import { KIND_LABELS, PREFERENCE_KEYS, type PreferenceKey } from '../../src/modules/notifications/notification.schema'
import { get, patch } from '../lib/api'
import { notify } from '../lib/toast'

const panel = css({
  display: 'flex',
  flexDir: 'column',
  gap: '4',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: '5',
  bg: 'bg.default',
})

export function PreferencesTab({ serverColorMode }: { serverColorMode: ColorModePreference }) {
  const { preference, setPreference } = useColorMode(serverColorMode)
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <section aria-labelledby="appearance-title" className={panel}>
        <div>
          <h3 id="appearance-title" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            Appearance
          </h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Manage your display settings</p>
        </div>
        <RadioPictureGroup
          name="color-mode"
          label={<span className={css({ srOnly: true })}>Colour mode</span>}
          choices={colorModeChoices}
          value={preference}
          onValueChange={(v) => setPreference(v as ColorModePreference)}
        />
      </section>
      <NotificationsPanel />
    </div>
  )
}

type Prefs = Record<PreferenceKey, boolean>
const PREFS_KEY = ['notifications', 'preferences'] as const

/** Notifications: a switch per kind of automatic mail (GET/PATCH /v1/notifications/preferences). */
function NotificationsPanel() {
  const qc = useQueryClient()
  const prefs = useQuery({ queryKey: PREFS_KEY, queryFn: () => get<{ data: Prefs }>('/v1/notifications/preferences').then((r) => r.data) })
  const [saving, setSaving] = useState<PreferenceKey | null>(null)
  const toggle = async (key: PreferenceKey, on: boolean) => {
    setSaving(key)
    qc.setQueryData<Prefs>(PREFS_KEY, (p) => (p ? { ...p, [key]: on } : p))
    try {
      const r = await patch<{ data: Prefs }>('/v1/notifications/preferences', { [key]: on })
      qc.setQueryData(PREFS_KEY, r.data)
      notify({ type: 'success', title: 'Preferences saved', description: `${KIND_LABELS[PREFERENCE_KEYS[key]].label}: ${on ? 'on' : 'off'}.` })
    } catch {
      // The API client showed the error toast; show the stored value again.
      await qc.invalidateQueries({ queryKey: PREFS_KEY })
    } finally {
      setSaving(null)
    }
  }
  return (
    <section aria-labelledby="notifications-title" className={panel}>
      <div>
        <h3 id="notifications-title" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
          Notifications
        </h3>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Choose the emails you get about your bookings</p>
      </div>
      {prefs.data ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          {(Object.keys(PREFERENCE_KEYS) as PreferenceKey[]).map((key) => (
            <Switch
              key={key}
              name={key}
              label={KIND_LABELS[PREFERENCE_KEYS[key]].label}
              checked={prefs.data[key]}
              disabled={saving === key}
              onCheckedChange={(on) => void toggle(key, on)}
            />
          ))}
        </div>
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} aria-busy={prefs.isPending || undefined}>
          {prefs.isError ? 'Your notification settings could not be loaded.' : 'Loading…'}
        </p>
      )}
      <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>Booking confirmations, cancellations and refunds always come.</p>
    </section>
  )
}
