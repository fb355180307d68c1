/**
 * /c/sessions: what the coach sells one to one (session types: new, edit, hide, delete, the
 * public booking link), when (weekly hours and date overrides in their zone), what keeps clients
 * off (busy calendars), and the free times of the coming week as a client sees them, asked
 * again after every change.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { LinkButton } from '../../design-system/components/link-button/link-button'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { SESSION_MODE_LABEL } from '../../src/modules/sessions/session-type.schema'
import { del, get } from '../lib/api'
import { fmtDay, fmtTime, money } from '../lib/format'
import { PILL_TONE, pillClass } from '../lib/pill'
import { notify } from '../lib/toast'
import { Calendars } from './calendars'
import { HoursEditor } from './hours'
import type { CoachSessionsProps } from './props'

type SessionType = CoachSessionsProps['types'][number]
const TypeForm = lazy(() => import('./type-form'))

const card = css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l3', p: { base: '4', md: '6' } })

function Preview({ types, tz, round }: { types: SessionType[]; tz: string; round: number }) {
  const active = types.filter((t) => t.status === 'ACTIVE' && !t.deletedAt)
  const [typeId, setTypeId] = useState(active[0]?.id ?? '')
  const [slots, setSlots] = useState<{ start: string }[] | null>(null)
  useEffect(() => {
    if (!typeId) return
    let live = true
    setSlots(null)
    const from = new Date()
    void get<{ data: { start: string }[] }>(`/v1/public/session-types/${typeId}/slots`, {
      query: { from: from.toISOString(), to: new Date(from.getTime() + 7 * 86_400_000).toISOString() },
      silent: true,
    })
      .then((r) => live && setSlots(r.data))
      .catch(() => live && setSlots([]))
    return () => {
      live = false
    }
  }, [typeId, round])
  if (!active.length) return null
  const byDay = new Map<string, string[]>()
  for (const s of slots ?? []) {
    const day = fmtDay(s.start, tz)
    byDay.set(day, [...(byDay.get(day) ?? []), fmtTime(s.start, tz)])
  }
  return (
    <section aria-labelledby="preview-title" className={cx(card, css({ display: 'flex', flexDir: 'column', gap: '3' }))}>
      <h2 id="preview-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        Free times this week
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>What clients can book in the next 7 days, in {tz.replace(/_/g, ' ')}.</p>
      <NativeSelect
        aria-label="Session type"
        value={typeId}
        options={active.map((t) => ({ value: t.id, label: t.title }))}
        onChange={(e) => setTypeId(e.target.value)}
      />
      <div aria-busy={slots === null || undefined} data-testid="free-times">
        {slots === null ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading…</p>
        ) : slots.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="no-free-times">
            No free times in the next 7 days.
          </p>
        ) : (
          <dl className={css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
            {[...byDay].map(([day, times]) => (
              <div key={day} className={css({ display: 'contents' })}>
                <dt className={css({ fontWeight: 'medium' })}>{day}</dt>
                <dd className={css({ color: 'fg.muted' })}>{times.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  )
}

export default function CoachSessions(props: CoachSessionsProps) {
  const [types, setTypes] = useState(props.types)
  const [editing, setEditing] = useState<SessionType | null | undefined>(undefined)
  const [tz, setTz] = useState(props.availability.timeZone)
  const [round, setRound] = useState(0)
  const refresh = useCallback(() => setRound((n) => n + 1), [])
  const mine = (t: SessionType) => t.coachId === props.coachId

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
      <section aria-labelledby="types-title" className={cx(card, css({ display: 'flex', flexDir: 'column', gap: '4' }))}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
          <div>
            <h2 id="types-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
              Session types
            </h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>An intro call, a paid session: each has its own length, price and rules.</p>
          </div>
          <Button size="md" onClick={() => setEditing(null)}>
            New session type
          </Button>
        </div>
        {types.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>No session types yet. A free 20-minute intro call is a good first one.</p>
        ) : (
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })} data-testid="session-types">
            {types.map((t) => (
              <li
                key={t.id}
                className={css({
                  display: 'flex',
                  gap: '3',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                  borderWidth: '1px',
                  borderColor: 'border.subtle',
                  borderRadius: 'l2',
                  p: '3',
                })}
              >
                <div className={css({ flex: '1 1 14rem', minW: '0' })}>
                  <p className={css({ fontWeight: 'semibold' })}>{t.title}</p>
                  <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                    {t.durationMinutes} min · {SESSION_MODE_LABEL[t.mode]} · {t.price > 0 ? money(t.price, t.currency) : 'Free'}
                    {t.maxPerDay ? ` · at most ${t.maxPerDay} a day` : ''}
                  </p>
                </div>
                <span className={cx(pillClass, PILL_TONE[t.status === 'ACTIVE' ? 'green' : 'gray'])}>
                  {t.status === 'ACTIVE' ? 'On your profile' : 'Hidden'}
                </span>
                {t.status === 'ACTIVE' ? (
                  <LinkButton variant="outline" href={`${props.profilePath}/sessions/${t.id}`}>
                    Booking page
                  </LinkButton>
                ) : null}
                {mine(t) ? (
                  <>
                    <Button variant="outline" onClick={() => setEditing(t)}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      tone="danger"
                      aria-label={`Delete ${t.title}`}
                      onClick={() =>
                        void del(`/v1/session-types/${t.id}`).then(() => {
                          setTypes((all) => all.filter((x) => x.id !== t.id))
                          notify({ type: 'success', title: 'Session type deleted', description: 'Sessions already booked keep their time.' })
                          refresh()
                        })
                      }
                    >
                      Delete
                    </Button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Preview key={types.map((t) => `${t.id}:${t.status}`).join()} types={types} tz={tz} round={round} />
      <div className={card}>
        <HoursEditor
          initial={props.availability}
          onSaved={(a) => {
            setTz(a.timeZone)
            refresh()
          }}
        />
      </div>
      <div className={card}>
        <Calendars initial={props.calendars} tz={tz} onChange={refresh} />
      </div>
      {editing !== undefined ? (
        <Suspense fallback={null}>
          <TypeForm
            type={editing}
            onClose={() => setEditing(undefined)}
            onSaved={(t) => {
              setTypes((all) => (all.some((x) => x.id === t.id) ? all.map((x) => (x.id === t.id ? t : x)) : [...all, t]))
              setEditing(undefined)
              refresh()
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
