/** The frame of every /c/workshops/{id} tab: title, status, edit and delete, and the tab links. */
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Skeleton } from '../../../../design-system/components/skeleton/skeleton'
import { planUsage, type ScheduleWindow, type WorkshopDetail, workshopDetail, workshopFormOptions } from '../../../modules/coach'
import { toMajor } from '../../../shared/money'
import { countRange } from '../../../shared/words'
import { Island } from '../../island'
import { PageSkeleton } from '../../layouts/skeleton'
import type { PageContext } from '../../routes'
import { teamId } from '../../team'
import { money, PageHeader, Status, stack, TabLinks } from './ui'

export const WORKSHOP_TABS = [
  ['', 'Overview'],
  ['/history', 'History'],
  ['/payouts', 'Payouts'],
  ['/calendar', 'Calendar'],
  ['/invoices', 'Invoices'],
  ['/resources', 'Resources'],
] as const

/** A workshop tab's data: the workshop, the schedules the tab shows (`schedules`: none unless asked), the plan and the form's options. */
export async function loadWorkshop(ctx: PageContext, opts: { form?: boolean; schedules?: ScheduleWindow } = {}) {
  const detail = await workshopDetail(ctx.em, ctx.user!.id, await teamId(ctx), ctx.params.id, opts.schedules)
  if (!detail) return null
  const plan = await planUsage(ctx.em, ctx.user!.defaultTenantSlug)
  const options = opts.form ? await workshopFormOptions(ctx.em) : { templates: [], tags: [] }
  return { ...detail, plan, options }
}
export type WorkshopData = WorkshopDetail & { plan: Awaited<ReturnType<typeof planUsage>>; options: Awaited<ReturnType<typeof workshopFormOptions>> }

/** The frame of a workshop tab while its data streams in: the same header and tabs, placeholder content. */
export function WorkshopFrameSkeleton({ ctx, head: title, tab }: { ctx: PageContext; head: string; tab: string }) {
  const base = `/c/workshops/${ctx.params.id}`
  return (
    <div className={stack} aria-busy="true">
      <PageHeader back={{ href: '/c/workshops', label: 'Workshops' }} title={title} subtitle={<Skeleton className={css({ h: '4', w: '48' })} />} />
      <TabLinks label="Workshop sections" current={`${base}${tab}`} tabs={WORKSHOP_TABS.map(([path, label]) => ({ href: `${base}${path}`, label }))} />
      <PageSkeleton layout="table" bare />
    </div>
  )
}

export function WorkshopFrame({ data, tab, children }: { data: WorkshopData; ctx?: PageContext; tab: string; children: ReactNode }) {
  const w = data.workshop
  const base = `/c/workshops/${w.id}`
  return (
    <div className={stack}>
      <PageHeader
        back={{ href: '/c/workshops', label: 'Workshops' }}
        title={w.title}
        subtitle={
          <>
            {w.price ? `${money(w.price, w.currency)} per seat` : 'Free'} · {countRange(w.minSeats, w.maxSeats, 'seat')}
            {w.templateTitle ? ` · from the template ${w.templateTitle}` : ''}
            {w.deleted ? ' · ' : ''}
            {w.deleted && <Status value="ARCHIVED" label="Deleted" />}
          </>
        }
        actions={
          tab === '' ? (
            <Island
              name="coach-workshop-form"
              props={{
                mode: 'edit',
                currency: w.currency,
                templates: data.options.templates,
                tags: data.options.tags,
                teamRefundPolicy: data.plan?.refundPolicy ?? null,
                workshop: {
                  id: w.id,
                  title: w.title,
                  description: w.description ?? '',
                  outcomes: w.outcomes,
                  image: w.image ?? '',
                  video: w.video ?? '',
                  price: toMajor(w.price, w.currency),
                  minSeats: w.minSeats,
                  maxSeats: w.maxSeats,
                  tags: w.tags.map((t) => t.slug),
                  templateId: w.templateId,
                  deleted: w.deleted,
                  refundPolicy: w.refundPolicy,
                  questions: w.questions,
                },
              }}
            />
          ) : undefined
        }
      />
      <TabLinks label="Workshop sections" current={`${base}${tab}`} tabs={WORKSHOP_TABS.map(([path, label]) => ({ href: `${base}${path}`, label }))} />
      <div className={css({ display: 'flex', flexDir: 'column', gap: '5' })}>{children}</div>
    </div>
  )
}
