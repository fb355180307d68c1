/**
 * /jobs/{id}: one published posting with JobPosting structured data (JSON-LD) and the apply
 * form. No JavaScript: the form is a plain multipart POST to /jobs/{id}/apply, which answers
 * 303 back here with `applied=1`, or with `error` and a per-field `errors` bag (the first
 * invalid field gets autofocus).
 */
import { css, cx } from 'styled-system/css'
import { badge, button, input, textarea } from 'styled-system/recipes'
import { config } from '../../../config'
import { applyState, findPublished, jobPostingLd } from '../../../modules/job-postings'
import { DEPARTMENT_LABEL, EMPLOYMENT_LABEL, INTERVIEW_LABEL, SENIORITY_LABEL } from '../../../modules/job-postings/job-posting.schema'
import { scanJson } from '../../../platform/http/json'
import { escapeJson } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { cardBox, container, muted } from '../marketplace/parts'

async function load(ctx: PageContext) {
  const posting = await findPublished(ctx.em.fork(), ctx.params.id)
  if (!posting) return null
  const sp = ctx.url.searchParams
  // The errors bag the form route put in the query: only short lists of text are shown (the
  // query is anyone's to edit).
  const errors: Record<string, string[]> = {}
  try {
    const text = sp.get('errors') ?? '{}'
    const raw = text.length <= 10_000 && !scanJson(text, 3, 200).tooDeep ? JSON.parse(text) : null
    if (raw && typeof raw === 'object' && !Array.isArray(raw))
      for (const [k, list] of Object.entries(raw).slice(0, 50))
        if (Array.isArray(list)) errors[k] = list.filter((m): m is string => typeof m === 'string').slice(0, 5)
  } catch {}
  return { posting, applied: sp.get('applied'), error: sp.get('error')?.slice(0, 300) ?? null, errors, name: sp.get('name')?.slice(0, 255) ?? '' }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

const label = css({ fontSize: 'sm', fontWeight: 'medium' })
const fieldBox = css({ display: 'flex', flexDir: 'column', gap: '1.5' })
const errorText = css({ color: 'red.11', fontSize: 'sm' })
const prose = css({ whiteSpace: 'pre-line', lineHeight: '1.7', color: 'fg.default' })

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null
  return (
    <p id={id} className={errorText}>
      {messages[0]}
    </p>
  )
}

function ApplyForm({ data }: { data: Data }) {
  const { posting: p, errors } = data
  const questions = p.interviewQuestions.filter((q) => q.enabled)
  const order = ['name', 'email', ...questions.map((q) => `answers.${q.id}`), 'ieltsScore', 'resume']
  const first = order.find((k) => errors[k])
  const a11y = (key: string, id: string) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-error` : undefined,
    autoFocus: first === key || undefined,
  })
  return (
    <form
      method="post"
      action={`/jobs/${p.id}/apply`}
      encType="multipart/form-data"
      className={css({ display: 'flex', flexDir: 'column', gap: '5' })}
      aria-label="Apply"
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}>
        <div className={fieldBox}>
          <label htmlFor="apply-name" className={label}>
            Full name
          </label>
          <input
            id="apply-name"
            name="name"
            required
            maxLength={255}
            autoComplete="name"
            defaultValue={data.name}
            className={input({ size: 'md' })}
            {...a11y('name', 'apply-name')}
          />
          <FieldError id="apply-name-error" messages={errors.name} />
        </div>
        <div className={fieldBox}>
          <label htmlFor="apply-email" className={label}>
            Email
          </label>
          <input
            id="apply-email"
            name="email"
            type="email"
            required
            maxLength={255}
            autoComplete="email"
            className={input({ size: 'md' })}
            {...a11y('email', 'apply-email')}
          />
          <FieldError id="apply-email-error" messages={errors.email} />
        </div>
      </div>
      {questions.map((q, i) => (
        <div key={q.id} className={fieldBox}>
          <label htmlFor={`apply-q-${i}`} className={label}>
            {i + 1}. {q.title}
          </label>
          <textarea
            id={`apply-q-${i}`}
            name={`answers[${q.id}]`}
            required
            rows={3}
            maxLength={5000}
            className={textarea({ size: 'md' })}
            {...a11y(`answers.${q.id}`, `apply-q-${i}`)}
          />
          <FieldError id={`apply-q-${i}-error`} messages={errors[`answers.${q.id}`]} />
        </div>
      ))}
      {p.preferences.ieltsAssessmentRequired && (
        <div className={fieldBox}>
          <label htmlFor="apply-ielts" className={label}>
            IELTS score
          </label>
          <input
            id="apply-ielts"
            name="ieltsScore"
            type="number"
            min={0}
            max={9}
            step={0.5}
            required
            inputMode="decimal"
            className={cx(input({ size: 'md' }), css({ maxW: '40' }))}
            {...a11y('ieltsScore', 'apply-ielts')}
          />
          <FieldError id="apply-ielts-error" messages={errors.ieltsScore} />
        </div>
      )}
      <div className={fieldBox}>
        <label htmlFor="apply-resume" className={label}>
          Resume {p.preferences.resumeRequired ? '' : <span className={muted}>(optional)</span>}
        </label>
        <input
          id="apply-resume"
          name="resume"
          type="file"
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          required={p.preferences.resumeRequired}
          className={css({
            fontSize: 'sm',
            maxW: 'full',
            _file: {
              mr: '3',
              px: '3',
              py: '1.5',
              borderRadius: 'l2',
              borderWidth: '1px',
              borderColor: 'border.default',
              bg: 'bg.subtle',
              color: 'fg.default',
              fontWeight: 'medium',
              cursor: 'pointer',
            },
          })}
          {...a11y('resume', 'apply-resume')}
        />
        <p className={muted}>PDF or Word document.</p>
        <FieldError id="apply-resume-error" messages={errors.resume} />
      </div>
      <div>
        <button type="submit" className={button({ size: 'lg' })}>
          Send application
        </button>
      </div>
    </form>
  )
}

function JobPage({ data }: { data: Data; ctx: PageContext }) {
  const p = data.posting
  const state = applyState(p)
  const url = `${config.APP_URL}/jobs/${p.id}`
  const facts: [string, string | null][] = [
    ['Employment type', p.employmentStatus ? EMPLOYMENT_LABEL[p.employmentStatus] : null],
    ['Seniority', p.experienceLevel ? SENIORITY_LABEL[p.experienceLevel] : null],
    ['Work mode', p.workplaceTypes.join(', ') || null],
    ['Location', p.location ?? null],
    ['Departments', p.categories.map((c) => DEPARTMENT_LABEL[c]).join(', ') || null],
    ['Availability', p.availability ?? null],
    ['Interview', INTERVIEW_LABEL[p.preferences.interviewType] ?? null],
  ]
  return (
    <div className={css({ bg: 'bg.canvas', pb: '16' })}>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: escapeJson(jobPostingLd(p, url)) }} />
      <section className={css({ bg: 'bg.default', borderBottomWidth: '1px', borderColor: 'border.subtle' })}>
        <div className={cx(container, css({ py: { base: '8', md: '12' }, display: 'flex', flexDir: 'column', gap: '3' }))}>
          <a href="/jobs" className={cx(muted, css({ textDecoration: 'none', _hover: { textDecoration: 'underline' } }))}>
            ← All jobs
          </a>
          <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}>{p.title}</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'lg' })}>
            {p.companyUrl ? (
              <a href={p.companyUrl} rel="nofollow noopener" className={css({ color: 'fg.default' })}>
                {p.companyName}
              </a>
            ) : (
              p.companyName
            )}
            {p.location ? ` · ${p.location}` : ''}
          </p>
          <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })} aria-label="Work modes">
            {p.workplaceTypes.map((w) => (
              <li key={w} className={badge({ size: 'md', variant: 'outline' })}>
                {w}
              </li>
            ))}
          </ul>
          {state === 'open' && (
            <div>
              <a href="#apply" className={button({ size: 'md' })}>
                Apply now
              </a>
            </div>
          )}
        </div>
      </section>
      <div className={cx(container, css({ mt: '8', display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '8', alignItems: 'start' }))}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '6', minW: '0' })}>
          <section className={cx(cardBox, css({ p: { base: '5', md: '7' } }))} aria-labelledby="about-h">
            <h2 id="about-h" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' })}>
              About the role
            </h2>
            <div className={prose}>{p.description}</div>
          </section>
          <section className={cx(cardBox, css({ p: { base: '5', md: '7' } }))} aria-labelledby="skills-h">
            <h2 id="skills-h" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' })}>
              Skills
            </h2>
            <div className={prose}>{p.skillsDescription}</div>
          </section>
          <section id="apply" className={cx(cardBox, css({ p: { base: '5', md: '7' }, scrollMarginTop: '6' }))} aria-labelledby="apply-h">
            <h2 id="apply-h" className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '4' })}>
              Apply
            </h2>
            {data.applied ? (
              <p
                role="status"
                data-testid="apply-success"
                className={css({ p: '4', borderRadius: 'l2', bg: 'green.subtle.bg', color: 'green.subtle.fg', fontWeight: 'medium' })}
              >
                Thank you, your application was sent. The team will contact you by email.
              </p>
            ) : state !== 'open' ? (
              <p className={muted}>
                {state === 'full' ? 'This job posting has reached its applicant limit.' : 'This job posting is not accepting applications.'}
              </p>
            ) : (
              <>
                {data.error && (
                  <p role="alert" className={cx(errorText, css({ mb: '4', fontWeight: 'medium' }))}>
                    {data.error}
                  </p>
                )}
                <ApplyForm data={data} />
              </>
            )}
          </section>
        </div>
        <aside className={cx(cardBox, css({ p: '5', position: { lg: 'sticky' }, top: '6' }))} aria-label="Job details">
          <dl className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt className={muted}>{k}</dt>
                  <dd className={css({ fontWeight: 'medium' })}>{v}</dd>
                </div>
              ))}
          </dl>
        </aside>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => `${d.posting.title} at ${d.posting.companyName ?? 'a team'}`,
  description: 'A job posted on Summit. Apply without an account.',
  meta: (d: Data) => ({
    canonical: `${config.APP_URL}/jobs/${d.posting.id}`,
    description: `${[d.posting.companyName, d.posting.location].filter(Boolean).join(', ')}. ${(d.posting.description ?? '').replace(/\s+/g, ' ')}`
      .trim()
      .slice(0, 200),
  }),
  load,
  Page: JobPage,
} satisfies PageModule<Data>
