/** /c/workshops: the coach's workshops (active or deleted), search, and the create form. */
import { css, cx } from 'styled-system/css'
import { planUsage, workshopFormOptions } from '../../../modules/coach'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { useTz } from '../client/parts'
import { muted, PageHeader, stack, TabLinks } from './ui'

async function load(ctx: PageContext) {
  const deleted = ctx.url.searchParams.get('deleted') === '1'
  const table = await loadTableData(ctx, 'coach-workshops', {
    scope: deleted ? { deleted: '1' } : {},
    empty: deleted ? { text: 'No deleted workshops.' } : undefined,
  })
  const options = await workshopFormOptions(ctx.em)
  const plan = await planUsage(ctx.em, ctx.user!.defaultTenantSlug)
  return { table, options, deleted, currency: plan?.currency ?? 'usd', teamRefundPolicy: plan?.refundPolicy ?? null }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const { deleted } = data
  const tz = useTz()
  return (
    <div className={stack}>
      <PageHeader
        title="Workshops"
        subtitle="What you sell. Open a workshop to schedule it, share resources and see its payouts."
        actions={
          <Island
            name="coach-workshop-form"
            props={{
              mode: 'create',
              currency: data.currency,
              templates: data.options.templates,
              tags: data.options.tags,
              teamRefundPolicy: data.teamRefundPolicy,
            }}
          />
        }
      />
      <TabLinks
        label="Workshop lists"
        current={deleted ? '/c/workshops?deleted=1' : '/c/workshops'}
        tabs={[
          { href: '/c/workshops', label: 'Active' },
          { href: '/c/workshops?deleted=1', label: 'Deleted' },
        ]}
      />
      <Island name="data-table" props={tableView(data.table, tz, deleted ? 'Deleted workshops' : 'Workshops')} />
      <p className={cx(muted, css({ fontSize: 'xs' }))}>Prices are per seat.</p>
    </div>
  )
}

export default { title: 'Workshops', stream: true, keep: true, load, Page } satisfies PageModule<Data>
