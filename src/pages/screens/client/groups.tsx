/** /b/groups: the people who share my bookings' seats, with the workshops we share. */

import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => ({ table: await loadTableData(ctx, 'client-groups') })
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={pageStack}>
      <PageHeader title="Groups" description="The people who share your bookings' seats: who booked, who accepted and who is still invited, by workshop." />
      <Island name="data-table" props={tableView(data.table, tz, 'Groups')} />
    </div>
  )
}

export default { title: 'Groups', stream: true, load, Page } satisfies PageModule<Data>
