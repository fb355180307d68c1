/** The schedule form: start and end in a chosen IANA zone, place by mode (venue or meeting link). */
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import {
  CONTENT_STATUSES,
  DELIVERY_MODES,
  ScheduleCreateSchema,
  ScheduleUpdateSchema,
  SKILL_LEVELS,
  VISIBILITIES,
} from '../../src/modules/workshops/schedule.schema'
import { COUNTRIES } from '../../src/shared/countries'
import { errorCss, Field, useSchemaForm } from '../coach-common/form'
import { isoToZoned, timeZones, zonedToIso } from '../coach-common/zone'
import { patch, post } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachScheduleItem } from './props'

type Values = {
  startDate: string
  endDate: string
  timezone: string
  country: string
  level: string
  status: string
  visibility: string
  mode: string
  venueName: string
  addressLine1: string
  addressLine2: string
  city: string
  state: string
  zip: string
  meetingUrl: string
}
const LABEL: Record<string, string> = {
  'IN-PERSON': 'In person',
  ONLINE: 'Online',
  HYBRID: 'Hybrid',
  BEGINNER: 'Beginner',
  INTERMEDIATE: 'Intermediate',
  ADVANCED: 'Advanced',
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
  PUBLIC: 'Public',
  PRIVATE: 'Private',
  UNLISTED: 'Unlisted',
}

export function ScheduleForm({
  workshopId,
  coachId,
  schedule,
  defaultTimezone,
  canPublish,
  onDone,
  onCancel,
}: {
  workshopId: string
  coachId: string
  schedule: CoachScheduleItem | null
  defaultTimezone: string
  canPublish: boolean
  onDone: () => void
  onCancel: () => void
}) {
  const zones = useMemo(timeZones, [])
  // A first schedule starts in the coach's own zone (the form only renders in the browser).
  const tz = schedule?.timezone ?? (defaultTimezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')
  const initial: Values = {
    startDate: schedule ? isoToZoned(schedule.startDate, tz) : '',
    endDate: schedule ? isoToZoned(schedule.endDate, tz) : '',
    timezone: tz,
    country: schedule?.country ?? '',
    level: schedule?.level ?? '',
    status: schedule?.status ?? 'DRAFT',
    visibility: schedule?.visibility ?? 'PUBLIC',
    mode: schedule?.mode ?? '',
    venueName: schedule?.venueName ?? '',
    addressLine1: schedule?.addressLine1 ?? '',
    addressLine2: schedule?.addressLine2 ?? '',
    city: schedule?.city ?? '',
    state: schedule?.state ?? '',
    zip: schedule?.zip ?? '',
    meetingUrl: schedule?.meetingUrl ?? '',
  }
  const venue = (m: string) => m === 'IN-PERSON' || m === 'HYBRID'
  const online = (m: string) => m === 'ONLINE' || m === 'HYBRID'
  const form = useSchemaForm<Values>(schedule ? ScheduleUpdateSchema : ScheduleCreateSchema, initial, (x) => {
    const place = {
      ...(venue(x.mode)
        ? { venueName: x.venueName, addressLine1: x.addressLine1, addressLine2: x.addressLine2, city: x.city, state: x.state, zip: x.zip }
        : { venueName: '', addressLine1: '', addressLine2: '', city: '', state: '', zip: '' }),
      meetingUrl: online(x.mode) ? x.meetingUrl : '',
    }
    return {
      ...(schedule ? {} : { coachId, workshopId }),
      startDate: zonedToIso(x.startDate, x.timezone),
      endDate: zonedToIso(x.endDate, x.timezone),
      timezone: x.timezone,
      country: x.country || null,
      level: x.level || undefined,
      status: x.status || undefined,
      visibility: x.visibility || undefined,
      mode: x.mode || undefined,
      ...place,
    }
  })
  const { values, set, blur, error } = form
  const submit = async () => {
    if (!form.validate()) return
    try {
      if (schedule) await patch(`/v1/workshop-schedules/${schedule.id}`, form.body())
      else await post('/v1/workshop-schedules', form.body())
      notify({ type: 'success', title: schedule ? 'Schedule saved' : 'Schedule created' })
      onDone()
    } catch (err) {
      form.takeServer(err)
    }
  }
  const input = (name: keyof Values, label: string, type = 'text') => (
    <Field label={label} error={error(name)}>
      {(a) => <Input {...a} type={type} name={name} value={values[name]} onChange={(e) => set(name, e.target.value)} onBlur={() => blur(name)} />}
    </Field>
  )
  const select = (name: keyof Values, label: string, options: readonly string[], placeholder?: string, disabled?: (o: string) => boolean) => (
    <Field label={label} error={error(name)}>
      {(a) => (
        <NativeSelect {...a} name={name} value={values[name]} onChange={(e) => set(name, e.target.value)} onBlur={() => blur(name)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o} value={o} disabled={disabled?.(o)}>
              {LABEL[o] ?? o}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
  const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })
  return (
    <form
      ref={form.root}
      noValidate
      aria-label={schedule ? 'Edit schedule' : 'New schedule'}
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <div className={grid}>
        {input('startDate', 'Starts', 'datetime-local')}
        {input('endDate', 'Ends', 'datetime-local')}
        <Field label="Time zone" error={error('timezone')} hint="Start and end are read in this zone.">
          {(a) => (
            <NativeSelect {...a} value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Country" error={error('country')}>
          {(a) => (
            <NativeSelect {...a} value={values.country} onChange={(e) => set('country', e.target.value)}>
              <option value="">No country (online)</option>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.flag} {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {select('level', 'Level', SKILL_LEVELS, 'Choose a level')}
        {select('mode', 'Mode', DELIVERY_MODES, 'Choose a mode')}
        {select('status', 'Status', CONTENT_STATUSES, undefined, (o) => o === 'PUBLISHED' && !canPublish && schedule?.status !== 'PUBLISHED')}
        {select('visibility', 'Visibility', VISIBILITIES)}
      </div>
      {venue(values.mode) && (
        <fieldset className={grid}>
          <legend className={css({ fontWeight: 'semibold', mb: '2' })}>Venue</legend>
          {input('venueName', 'Venue name')}
          {input('addressLine1', 'Address line 1')}
          {input('addressLine2', 'Address line 2')}
          {input('city', 'City')}
          {input('state', 'State or region')}
          {input('zip', 'Postal code')}
        </fieldset>
      )}
      {online(values.mode) && input('meetingUrl', 'Meeting link', 'url')}
      {form.generalError && <p className={errorCss}>{form.generalError}</p>}
      <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{schedule ? 'Save schedule' : 'Create schedule'}</Button>
      </div>
    </form>
  )
}
