/** /b/payments: every payment and refund, the invoices and credit notes, and the saved cards. */

import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { loadTableData, tableView } from '../../tables'
import { Card, PageHeader, pageStack, useTz } from './parts'

const load = async (ctx: PageContext) => {
  const [payments, invoices] = await Promise.all([loadTableData(ctx, 'client-payments'), loadTableData(ctx, 'client-invoices', { prefix: 'inv-' })])
  return { payments, invoices }
}
type Data = Awaited<ReturnType<typeof load>>

function Page({ data }: { data: Data }) {
  const tz = useTz()
  return (
    <div className={pageStack}>
      <PageHeader title="Payments" description="Card payments and refunds of your bookings, their invoices, and the cards you saved." />
      <Card title="Payments and refunds" id="payments">
        <Island name="data-table" props={tableView(data.payments, tz, 'Payments')} />
      </Card>
      <Card title="Invoices" id="invoices">
        <Island name="data-table" props={tableView(data.invoices, tz, 'Invoices')} />
      </Card>
      <Card title="Saved cards" id="cards">
        <Island name="client-cards" props={{}} />
      </Card>
    </div>
  )
}

export default { title: 'Payments', stream: true, keep: true, load, Page } satisfies PageModule<Data>
