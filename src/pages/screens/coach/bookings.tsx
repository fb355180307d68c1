/** /c/bookings: every booking of the coach's schedules, filtered by schedule, status, date or client, as a data table. */

import { coachScheduleOptions } from '../../../modules/coach'
import { Island } from '../../island'
import { PageSkeleton } from '../../layouts/skeleton'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { teamId } from '../../team'
import { useTz } from '../client/parts'
import { fmtShort, PageHeader, stack } from './ui'

async function load(ctx: PageContext) {
  const schedules = await coachScheduleOptions(ctx.em, ctx.user!.id, await teamId(ctx), ctx.url.searchParams.get('schedule'))
  const options = { schedule: schedules.map((s): [string, string] => [s.id, `${s.title} · ${fmtShort(s.startDate, s.timezone)}`]) }
  return { table: await loadTableData(ctx, 'coach-bookings', { options }) }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={stack}>
      <PageHeader title="Bookings" subtitle="Everyone who booked your workshops. Open a booking to take attendance, add notes or cancel it." />
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
