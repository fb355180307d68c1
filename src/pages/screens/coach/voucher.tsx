/**
 * /c/vouchers/{id}: one voucher of the current team, what it gives and its limits, edit and
 * disable, and its usage: the bookings that used it (paged data table). Another team's voucher
 * is the in-area 404.
 */
import { css } from 'styled-system/css'
import { voucherSummary } from '../../../modules/vouchers'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { KIND_LABEL, voucherValue } from '../../tables/views'
import { pageTeam } from '../../team'
import { useTz } from '../client/parts'
import { card, fmtDateTime, fmtShort, muted, PageHeader, Stat, Status, stack } from './ui'

async function load(ctx: PageContext) {
  const team = await pageTeam(ctx)
  if (!team.tenant || !team.may['vouchers.manage']) return null
  const voucher = await voucherSummary(ctx.em, team.tenant.id, ctx.params.id)
  if (!voucher) return null
  const usage = await loadTableData(ctx, 'voucher-usage', { scope: { voucher: voucher.id } })
  return { team, voucher, usage }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

const STATUS_TEXT: Record<string, string> = { active: 'Active', disabled: 'Disabled', expired: 'Expired', used_up: 'Used up' }
const STATUS_VALUE: Record<string, string> = { active: 'CONFIRMED', disabled: 'ARCHIVED', expired: 'EXPIRED', used_up: 'PENDING' }

function Page({ data }: { data: Data }) {
  const tz = useTz()
  const v = data.voucher
  return (
    <div className={stack}>
      <PageHeader
        back={{ href: '/c/vouchers', label: 'Vouchers' }}
        title={v.code}
        subtitle={
          <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <Status value={STATUS_VALUE[v.status] ?? v.status} label={STATUS_TEXT[v.status] ?? v.status} /> {KIND_LABEL[v.discountType]}: {voucherValue(v)}
          </span>
        }
        actions={
          <Island
            name="coach-vouchers"
            props={{
              mode: 'detail',
              currency: v.currency,
              voucher: {
                id: v.id,
                code: v.code,
                discountType: v.discountType,
                discountValue: v.discountValue,
                maxDiscount: v.maxDiscount,
                maxUses: v.maxUses,
                expiresAt: v.expiresAt,
                modelType: v.modelType,
                modelId: v.modelId,
                disabled: v.disabled,
              },
            }}
          />
        }
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, 1fr)' }, gap: '4' })}>
        <Stat
          label="Uses"
          value={v.maxUses ? `${v.uses} of ${v.maxUses}` : String(v.uses)}
          hint={v.maxUses ? `${Math.max(0, v.maxUses - v.uses)} left` : 'No limit'}
          testId="voucher-uses"
        />
        <Stat label="Expires" value={v.expiresAt ? fmtDateTime(new Date(v.expiresAt), tz) : 'Never'} />
        <Stat
          label="Applies to"
          value={v.target ? v.target.title : 'All workshops'}
          hint={v.target ? (v.target.startDate ? `Session of ${fmtShort(new Date(v.target.startDate), tz)}` : 'Every session') : 'Every workshop of the team'}
        />
      </div>
      <section className={card} aria-labelledby="usage">
        <h2 id="usage" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          Bookings that used it
        </h2>
        <p className={muted}>A booking counts a use when it is made; a booking that was never paid gives its use back when its hold ends.</p>
        <Island name="data-table" props={tableView(data.usage, tz, 'Bookings that used the voucher')} />
      </section>
    </div>
  )
}

export default { title: (d: Data) => `Voucher ${d.voucher.code}`, stream: true, load, Page } satisfies PageModule<Data>
