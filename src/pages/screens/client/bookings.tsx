/** /b/bookings: every booking of mine (and seats I hold in others'), as a data table. */

import { Island } from '../../island'
import { PageSkeleton } from '../../layouts/skeleton'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { linkClass, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => ({ table: await loadTableData(ctx, 'client-bookings') })
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={pageStack}>
      <PageHeader
        title="Bookings"
        description="Your bookings and the seats you hold in others'. Open one to pay, invite people to its seats, cancel, or download its invoice."
        actions={
          <a className={linkClass} href="/workshops">
            Book a workshop
          </a>
        }
      />
      <Island name="data-table" props={tableView(data.table, tz, 'Bookings')} />
    </div>
  )
}

export default {
  title: 'Bookings',
  defer: true,
  keep: true,
  load,
  Fallback: () => <PageSkeleton title="Bookings" layout="table" />,
  Page,
} satisfies PageModule<Data>
