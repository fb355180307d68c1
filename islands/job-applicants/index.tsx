/**
 * The applicants of one posting (/c/job-postings/{id}/applicants): each with their answers,
 * IELTS score and resume, moved between NEW, SHORTLISTED, REJECTED and HIRED in place.
 */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Badge } from '../../design-system/components/badge/badge'
import { Button } from '../../design-system/components/button/button'
import { APPLICANT_LABEL, APPLICATION_STATUSES, type ApplicationStatus } from '../../src/modules/job-postings/job-posting.schema'
import { formatMoment } from '../../src/shared/datetime'
import { patch } from '../lib/api'
import { notify } from '../lib/toast'
import type { Applicant, JobApplicantsProps } from './props'

export function ApplicantCard({ a, onMove, busy }: { a: Applicant; onMove: (s: ApplicationStatus) => void; busy: boolean }) {
  return (
    <li
      data-testid="applicant"
      className={css({
        bg: 'bg.default',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'l3',
        p: { base: '4', md: '5' },
        display: 'flex',
        flexDir: 'column',
        gap: '3',
      })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', alignItems: 'flex-start' })}>
        <div className={css({ minW: '0' })}>
          <h3 className={css({ fontWeight: 'semibold' })}>{a.name}</h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', wordBreak: 'break-all' })}>
            <a href={`mailto:${a.email}`}>{a.email}</a> · applied {formatMoment(a.createdAt, 'UTC')}
          </p>
        </div>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          {a.autoRejected && <Badge variant="outline">Below IELTS minimum</Badge>}
          <Badge variant="subtle" data-testid="applicant-status">
            {APPLICANT_LABEL[a.status]}
          </Badge>
        </div>
      </div>
      <details>
        <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>Answers ({a.answers.length})</summary>
        <dl className={css({ display: 'flex', flexDir: 'column', gap: '3', mt: '3' })}>
          {a.answers.map((x) => (
            <div key={x.questionId}>
              <dt className={css({ fontSize: 'sm', color: 'fg.muted' })}>{x.question}</dt>
              <dd className={css({ whiteSpace: 'pre-line' })}>{x.answer}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm' })}>
        {a.ieltsScore != null && (
          <span>
            IELTS score: <strong>{a.ieltsScore}</strong>
          </span>
        )}
        {a.resume && (
          <a href={a.resume.url} download>
            Download resume{a.resume.name ? ` (${a.resume.name})` : ''}
          </a>
        )}
      </div>
      <fieldset aria-label={`Move ${a.name}`} className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', borderWidth: '0', p: '0', m: '0', minW: '0' })}>
        {APPLICATION_STATUSES.filter((s) => s !== a.status).map((s) => (
          <Button key={s} size="xs" variant={s === 'REJECTED' ? 'ghost' : 'outline'} disabled={busy} onClick={() => onMove(s)}>
            {s === 'NEW' ? 'Back to new' : APPLICANT_LABEL[s]}
          </Button>
        ))}
      </fieldset>
    </li>
  )
}

export default function JobApplicants({ postingId, applicants }: JobApplicantsProps) {
  const [list, setList] = useState(applicants)
  const [busy, setBusy] = useState<string | null>(null)
  const move = async (a: Applicant, status: ApplicationStatus) => {
    setBusy(a.id)
    try {
      const r = await patch(`/v1/t/job-postings/${postingId}/applications/${a.id}`, { status })
      setList((l) => l.map((x) => (x.id === a.id ? { ...x, status: r.data.status } : x)))
      notify({ type: 'success', title: `${a.name}: ${APPLICANT_LABEL[status].toLowerCase()}` })
    } catch {
      // The API client already showed what went wrong.
    } finally {
      setBusy(null)
    }
  }
  if (!list.length) return <p className={css({ color: 'fg.muted' })}>No applicants here yet.</p>
  return (
    <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })} aria-label="Applicants">
      {list.map((a) => (
        <ApplicantCard key={a.id} a={a} busy={busy === a.id} onMove={(s) => move(a, s)} />
      ))}
    </ul>
  )
}
