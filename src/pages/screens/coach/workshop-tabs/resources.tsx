/** /c/workshops/{id}/resources: the resources island over the workshop's resources in their order. */

import { type ResourceRow, workshopResources } from '../../../../modules/coach'
import { Island } from '../../../island'
import type { PageContext, PageModule } from '../../../routes'
import { loadWorkshop, type WorkshopData, WorkshopFrame } from '../workshop-shell'

type Data = WorkshopData & { resources: ResourceRow[] }
export default {
  title: (d: Data) => `Resources · ${d.workshop.title}`,
  load: async (ctx: PageContext) => {
    const d = await loadWorkshop(ctx)
    return d && { ...d, resources: await workshopResources(ctx.em, d.workshop.id) }
  },
  Page: ({ data, ctx }: { data: Data; ctx: PageContext }) => (
    <WorkshopFrame data={data} ctx={ctx} tab="/resources">
      <Island name="coach-resources" props={{ workshopId: data.workshop.id, resources: data.resources }} />
    </WorkshopFrame>
  ),
} satisfies PageModule<Data>
