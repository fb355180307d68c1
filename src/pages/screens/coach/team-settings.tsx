/**
 * /c/settings: the current team's name (its managers rename it), slug, currency (its managers
 * change it while no booking is paid or held), default refund policy, tax and invoice details
 * (its managers set them), plan and the plan's limits in use (counted by the limit checks' own
 * functions), and what each plan allows. Server-rendered; the forms are islands.
 */
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import { type TeamSettings, teamSettings } from '../../../modules/teams'
import { Tenant } from '../../../modules/tenants'
import { COUNTRIES, countryByCode } from '../../../shared/countries'
import { CURRENCY_CODES } from '../../../shared/money'
import { describeRefundPolicy } from '../../../shared/refund-policy'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { pageTeam } from '../../team'
import { NO_TEAM, TeamNotice, TeamTabs } from './team-parts'
import { card, muted, PageHeader, plural, stack } from './ui'

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  if (!team.tenant) return { team, settings: null }
  const tenant = await ctx.em.findOneOrFail(Tenant, { id: team.tenant.id }, { filters: false })
  return { team, settings: await teamSettings(ctx.em, tenant) }
}
type Data = Awaited<ReturnType<typeof load>>

const PLAN_NAME: Record<string, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' }
const PLAN_PITCH: Record<string, string> = {
  free: 'To try Summit: a few sessions and one job posting at a time.',
  pro: 'For a growing practice: many sessions on sale and a steady hiring pipeline.',
  enterprise: 'For large teams: no limits on sessions or job postings.',
}
const limit = (n: number | null) => (n === null ? 'Unlimited' : String(n))
const dl = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' }, gap: '2', fontSize: 'sm', '& dt': { color: 'fg.muted' } })

function Meter({
  label,
  used,
  max,
  unit,
  testId,
  full: fullText,
}: {
  label: string
  used: number
  max: number | null
  unit: [string, string]
  testId: string
  full: string
}) {
  const pct = max === null ? 0 : max === 0 ? 100 : Math.min(100, Math.round((used / max) * 100))
  const full = max !== null && used >= max
  const text = max === null ? `${plural(used, unit[0], unit[1])}, no limit` : `${used} of ${plural(max, unit[0], unit[1])}`
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}>
      <div
        className={css({
          display: 'flex',
          flexDir: { base: 'column', sm: 'row' },
          justifyContent: 'space-between',
          gap: { base: '0.5', sm: '2' },
          fontSize: 'sm',
        })}
      >
        <span className={css({ fontWeight: 'medium' })}>{label}</span>
        <span data-testid={testId}>{text}</span>
      </div>
      {max === null ? null : (
        <div
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={used}
          aria-valuetext={text}
          className={css({ h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}
        >
          <div className={css({ h: 'full', bg: full ? 'red.9' : 'colorPalette.default' })} style={{ width: `${pct}%` }} />
        </div>
      )}
      {full ? <p className={cx(muted, css({ fontSize: 'xs' }))}>{fullText}</p> : null}
    </div>
  )
}

function Plans({ s }: { s: TeamSettings }) {
  const order: string[] = s.plans.map((p) => p.plan)
  const higher = order.indexOf(s.plan) < order.length - 1
  return (
    <section className={card} aria-labelledby="plans">
      <h2 id="plans" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        Plans
      </h2>
      <p className={muted}>
        {higher
          ? 'What a higher plan gives your team. Plans are changed by Summit’s team on request; nothing is charged here.'
          : 'Your team is on the highest plan.'}
      </p>
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: '3' })}>
        {s.plans.map((p) => {
          const mine = p.plan === s.plan
          return (
            <li
              key={p.plan}
              aria-current={mine ? 'true' : undefined}
              data-testid={`plan-${p.plan}`}
              className={css({
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'l2',
                p: '4',
                display: 'flex',
                flexDir: 'column',
                gap: '2',
                '&[aria-current=true]': { borderColor: 'colorPalette.default', bg: 'colorPalette.a2' },
              })}
            >
              <h3 className={css({ fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}>
                {PLAN_NAME[p.plan] ?? p.plan}
                {mine ? <span className={badge({ size: 'sm', variant: 'subtle' })}>Your plan</span> : null}
              </h3>
              <dl
                className={css({
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  gap: '1',
                  fontSize: 'sm',
                  '& dt': { color: 'fg.muted' },
                  '& dd': { fontWeight: 'medium', textAlign: 'end' },
                })}
              >
                <dt>Published schedules at a time</dt>
                <dd>{limit(p.publishedSchedules)}</dd>
                <dt>Open job postings</dt>
                <dd>{limit(p.openJobPostings)}</dd>
              </dl>
              <p className={muted}>{PLAN_PITCH[p.plan] ?? ''}</p>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The team's default refund policy: what clients get back when they cancel a booking of a workshop without its own policy. */
function RefundPolicySection({ s, manage }: { s: TeamSettings; manage: boolean }) {
  return (
    <section className={card} aria-labelledby="refund-policy">
      <h2 id="refund-policy" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        Refund policy
      </h2>
      <p className={muted}>
        What clients get back when they cancel a booking themselves, for every workshop of the team that has no policy of its own (a workshop’s form can set one
        for that workshop). Clients read it on the workshop’s page and at checkout before they pay, and the cancel dialog shows the amount before they confirm.
        It applies to bookings made from the moment it is saved; a booking already made keeps the policy it was made under. When you cancel a booking or a whole
        session, clients always get everything back.
      </p>
      {manage ? (
        <Island name="team-refund-policy" props={{ policy: s.refundPolicy }} />
      ) : (
        <p className={css({ fontSize: 'sm', fontWeight: 'medium' })} data-testid="team-refund-policy">
          {describeRefundPolicy(s.refundPolicy)}
        </p>
      )}
    </section>
  )
}

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' })
/** "EUR · Euro": the currencies a team may sell in, by code. */
const CURRENCY_OPTIONS = [...CURRENCY_CODES]
  .sort()
  .map((c) => ({ value: c, label: `${c.toUpperCase()} · ${currencyNames.of(c.toUpperCase()) ?? c.toUpperCase()}` }))
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }))

/** Who the team is on its invoices and how it charges tax: its managers edit it, other members read it. */
function TaxSection({ s, manage }: { s: TeamSettings; manage: boolean }) {
  const p = s.taxProfile
  return (
    <section className={card} aria-labelledby="tax">
      <h2 id="tax" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        Tax and invoices
      </h2>
      <p className={muted}>
        What the team's invoices and credit notes say about it, and whether tax is charged on its sales. Registered for VAT or sales tax, the team needs its
        legal name, address and tax ID; the tax is worked out at checkout from where the client is (online) or where the session takes place (in person).
      </p>
      {manage ? (
        <Island
          name="team-tax"
          props={{
            profile: {
              legalName: p.legalName,
              address: p.address,
              country: p.country,
              region: p.region,
              taxId: p.taxId,
              registered: p.registered,
              pricesIncludeTax: p.pricesIncludeTax,
              rates: p.rates,
            },
            countries: COUNTRY_OPTIONS,
          }}
        />
      ) : (
        <dl className={dl} data-testid="team-tax">
          <dt>Tax</dt>
          <dd>
            {p.registered
              ? `Registered${p.taxId ? `, ${p.taxId}` : ''}; prices ${p.pricesIncludeTax ? 'include' : 'exclude'} tax`
              : 'Not registered: no tax charged'}
          </dd>
          <dt>Legal name</dt>
          <dd>{p.legalName ?? s.name}</dd>
          <dt>Country</dt>
          <dd>{countryByCode(p.country)?.name ?? 'Not set'}</dd>
        </dl>
      )}
    </section>
  )
}

function Page({ data }: { data: Data }) {
  const { team, settings: s } = data
  return (
    <div className={stack}>
      <PageHeader title="Team settings" subtitle={s ? `${s.name}: its plan and what it uses of it.` : undefined} />
      {team.tenant ? <TeamTabs current="/c/settings" team={team} /> : null}
      {!s ? (
        <TeamNotice {...NO_TEAM} />
      ) : (
        <>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '4' })}>
            <section className={card} aria-labelledby="about">
              <h2 id="about" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                The team
              </h2>
              {team.may['members.manage'] ? <Island name="team-settings" props={{ name: s.name }} /> : null}
              {team.may['members.manage'] ? (
                <Island name="team-currency" props={{ currency: s.currency, locked: s.currencyLocked, options: CURRENCY_OPTIONS }} />
              ) : null}
              <dl className={dl}>
                {team.may['members.manage'] ? null : (
                  <>
                    <dt>Name</dt>
                    <dd data-testid="team-name-value">{s.name}</dd>
                  </>
                )}
                <dt>Team ID</dt>
                <dd>
                  <code>{s.slug}</code>
                  <span className={cx(muted, css({ display: 'block' }))} data-testid="team-id-help">
                    How Summit tells your team apart from others with a similar name; it never changes. Developers using the API send it as the X-Team header.
                  </span>
                </dd>
                {team.may['members.manage'] ? null : (
                  <>
                    <dt>Currency</dt>
                    <dd>{s.currency.toUpperCase()}</dd>
                  </>
                )}
                {/* Everyone active in the team: its members and the clients with access (the Members tab lists them apart). */}
                <dt>People with access</dt>
                <dd>{plural(s.members, 'person', 'people')}</dd>
              </dl>
            </section>
            <section className={card} aria-labelledby="usage">
              <h2 id="usage" className={css({ fontSize: 'lg', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}>
                {PLAN_NAME[s.plan] ?? s.plan} plan
                <span className={badge({ size: 'sm', variant: 'outline' })}>in use</span>
              </h2>
              <Meter
                label="Published schedules"
                used={s.limits.publishedSchedules.used}
                max={s.limits.publishedSchedules.max}
                unit={['published schedule', 'published schedules']}
                testId="limit-schedules"
                full="At the limit: unpublish or archive a schedule before publishing another, or move to a higher plan."
              />
              <Meter
                label="Open job postings"
                used={s.limits.openJobPostings.used}
                max={s.limits.openJobPostings.max}
                unit={['open job posting', 'open job postings']}
                testId="limit-jobs"
                full="At the limit: close or archive a posting before publishing another, or move to a higher plan."
              />
              <p className={muted}>Schedules count while they are published and have not ended; job postings while they are published.</p>
            </section>
          </div>
          <RefundPolicySection s={s} manage={!!team.may['members.manage']} />
          <TaxSection s={s} manage={!!team.may['members.manage']} />
          <Plans s={s} />
        </>
      )}
    </div>
  )
}

export default { title: 'Team settings', stream: true, load, Page } satisfies PageModule<Data>
