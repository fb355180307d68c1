/**
 * The posting's recruiters: the chosen ones listed, each with Remove, and one type-to-filter
 * field that adds another. Its options exist only while its list is open (Combobox, lazyMount),
 * so a team of a thousand members costs the page one field, not a checkbox per member.
 */
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Combobox } from '../../design-system/components/combobox/combobox'
import { type PartProps, Section } from './parts'

export interface Member {
  id: string
  name: string
  email: string
}

const label = (m: Member) => `${m.name} (${m.email})`

export function RecruitersPart(p: PartProps & { members: Member[] }) {
  const chosen = p.form.recruiterIds
  const byId = new Map(p.members.map((m) => [m.id, m]))
  const others = p.members.filter((m) => !chosen.includes(m.id))
  const e = p.errors.recruiterIds?.[0] ?? Object.entries(p.errors).find(([k]) => k.startsWith('recruiterIds.'))?.[1][0]
  const put = (next: string[]) => {
    p.set('recruiterIds', next)
    p.blur('recruiterIds')
  }
  return (
    <Section id="recruiters" title="Recruiters" hint="Team members who handle the applicants.">
      <div data-invalid={e ? '' : undefined} data-testid="choices-recruiterIds" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
        {chosen.length ? (
          <ul aria-label="Recruiters" className={css({ display: 'flex', flexDir: 'column', gap: '1', listStyle: 'none', m: '0', p: '0', maxW: 'xl' })}>
            {chosen.map((id) => {
              const m = byId.get(id)
              const text = m ? label(m) : 'A former member'
              return (
                <li
                  key={id}
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: '3',
                    py: '1',
                    borderBottomWidth: '1px',
                    borderColor: 'border.subtle',
                  })}
                >
                  <span className={css({ fontSize: 'sm', minW: '0', overflowWrap: 'anywhere' })}>{text}</span>
                  <Button variant="ghost" size="xs" aria-label={`Remove ${text}`} onClick={() => put(chosen.filter((x) => x !== id))}>
                    Remove
                  </Button>
                </li>
              )
            })}
          </ul>
        ) : (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>No recruiter yet.</p>
        )}
        {others.length ? (
          <div className={css({ maxW: 'md' })}>
            {/* A new field after each choice: it opens empty, with the members not chosen yet. */}
            <Combobox
              key={chosen.join(',')}
              label="Add a recruiter"
              placeholder="Type a name or an address"
              items={others}
              itemToValue={(m) => m.id}
              itemToString={label}
              value={null}
              invalid={!!e}
              onValueChange={(id) => id && put([...chosen, id])}
            />
          </div>
        ) : p.members.length ? null : (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>No team members yet.</p>
        )}
        {e && (
          <p role="alert" className={css({ color: 'red.11', fontSize: 'sm' })}>
            {e}
          </p>
        )}
      </div>
    </Section>
  )
}
