/** /b/workshops: the workshops I booked or hold a seat in. */

import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { linkClass, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => ({ table: await loadTableData(ctx, 'client-workshops') })
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={pageStack}>
      <PageHeader
        title="Workshops"
        description="Workshops you booked or hold a seat in: their sessions, calendar and resources."
        actions={
          <a className={linkClass} href="/workshops">
            Find more workshops
          </a>
        }
      />
      <Island name="data-table" props={tableView(data.table, tz, 'Workshops')} />
    </div>
  )
}

export default { title: 'Workshops', stream: true, load, Page } satisfies PageModule<Data>
