/** /c/workshops: the coach's workshops (active or deleted), search, and the create form. */
import { css, cx } from 'styled-system/css'
import { listWorkshops, pageOf, planUsage, workshopFormOptions } from '../../../modules/coach'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { Empty, filterBar, input, link, money, muted, outlineLink, PageHeader, Pager, Status, stack, TabLinks, table, tableWrap } from './ui'

async function load(ctx: PageContext) {
  const deleted = ctx.url.searchParams.get('deleted') === '1'
  const q = ctx.url.searchParams.get('q') ?? ''
  const list = await listWorkshops(ctx.em, ctx.user!.id, { deleted, q, page: pageOf(ctx.url.searchParams.get('page')) })
  const options = await workshopFormOptions(ctx.em)
  const plan = await planUsage(ctx.em, ctx.user!.defaultTenantSlug)
  return { list, options, deleted, q, currency: plan?.currency ?? 'usd' }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data, ctx }: { data: Data; ctx: PageContext }) {
  const { list, deleted, q } = data
  return (
    <div className={stack}>
      <PageHeader
        title="Workshops"
        subtitle="What you sell. Open a workshop to schedule it, share resources and see its payouts."
        actions={
          <Island name="coach-workshop-form" props={{ mode: 'create', currency: data.currency, templates: data.options.templates, tags: data.options.tags }} />
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
      <form method="get" action="/c/workshops" className={filterBar} role="search" aria-label="Search workshops">
        {deleted && <input type="hidden" name="deleted" value="1" />}
        <label>
          Search
          <input type="search" name="q" defaultValue={q} placeholder="Title" className={input} />
        </label>
        <button type="submit" className={outlineLink}>
          Search
        </button>
      </form>
      {list.rows.length === 0 ? (
        <Empty>
          {deleted ? 'No deleted workshops.' : q ? 'No workshop matches this search.' : 'No workshops yet: create your first one with New workshop.'}
        </Empty>
      ) : (
        <div className={tableWrap} tabIndex={0} role="region" aria-label="Scrollable table">
          <table className={table}>
            <thead>
              <tr>
                <th>Workshop</th>
                <th className="num">Price</th>
                <th className="num">Seats</th>
                <th className="num">Coming</th>
                <th className="num">Past</th>
                <th>Published</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((w) => (
                <tr key={w.id}>
                  <td>
                    <a className={link} href={`/c/workshops/${w.id}`}>
                      {w.title}
                    </a>
                    {w.deleted && (
                      <>
                        {' '}
                        <Status value="ARCHIVED" label="Deleted" />
                      </>
                    )}
                  </td>
                  <td className="num">{money(w.price, w.currency).replace(/^\$0\.00$/, 'Free')}</td>
                  <td className="num">
                    {w.minSeats}–{w.maxSeats}
                  </td>
                  <td className="num">{w.coming}</td>
                  <td className="num">{w.past}</td>
                  <td>{w.published ? <Status value="PUBLISHED" label={`${w.published} live`} /> : <span className={muted}>—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} total={list.total} url={ctx.url} />
      <p className={cx(muted, css({ fontSize: 'xs' }))}>Prices are per seat.</p>
    </div>
  )
}

export default { title: 'Workshops', load, Page } satisfies PageModule<Data>
