/** /b/payments: every payment and refund, the invoices and credit notes, and the saved cards. */

import { clientPayments } from '../../../modules/bookings'
import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { Card, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => clientPayments(ctx.em, ctx.user!.id)
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={pageStack}>
      <PageHeader title="Payments" description="Card payments and refunds of your bookings, their invoices, and the cards you saved." />
      <Card title="Payments and refunds" id="payments">
        <Island name="client-table" props={{ kind: 'payments', rows: data.payments as any, tz }} />
      </Card>
      <Card title="Invoices" id="invoices">
        <Island name="client-table" props={{ kind: 'invoices', rows: data.invoices as any, tz }} />
      </Card>
      <Card title="Saved cards" id="cards">
        <Island name="client-cards" props={{}} />
      </Card>
    </div>
  )
}

export default { title: 'Payments', stream: true, load, Page } satisfies PageModule<Data>
