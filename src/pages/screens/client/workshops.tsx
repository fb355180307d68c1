/** /b/workshops: the workshops I booked or hold a seat in. */

import { clientWorkshops } from '../../../modules/bookings'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { linkClass, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => ({ rows: await clientWorkshops(ctx.em, ctx.user!.id) })
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
      <Island name="client-table" props={{ kind: 'workshops', rows: data.rows as any, tz }} />
    </div>
  )
}

export default { title: 'Workshops', stream: true, load, Page } satisfies PageModule<Data>
