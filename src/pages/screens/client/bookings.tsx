/** /b/bookings: every booking of mine (and seats I hold in others'), as a data table. */

import { clientBookings } from '../../../modules/bookings'
import { Island } from '../../island'
import { PageSkeleton } from '../../layouts/skeleton'
import type { PageContext, PageModule } from '../../routes'
import { linkClass, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => ({ rows: await clientBookings(ctx.em, ctx.user!.id) })
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
      <Island name="client-table" props={{ kind: 'bookings', rows: data.rows as any, tz }} />
    </div>
  )
}

export default { title: 'Bookings', defer: true, load, Fallback: () => <PageSkeleton title="Bookings" layout="table" />, Page } satisfies PageModule<Data>
