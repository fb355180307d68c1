/** /c/account/profile: the coach profile editor and a preview link to the public page. */

import { Island } from '../../island'
import type { PageContext, PageModule } from '../../routes'
import { link, PageHeader, stack } from './ui'

function Page({ ctx }: { data: unknown; ctx: PageContext }) {
  const u = ctx.user!
  const cp = (u.coachProfile ?? {}) as Record<string, any>
  const byOrder = (a: { order?: number }, b: { order?: number }) => (a.order ?? 0) - (b.order ?? 0)
  return (
    <div className={stack}>
      <PageHeader
        title="Coach profile"
        subtitle={
          <>
            What visitors see on{' '}
            {u.username ? (
              <a className={link} href={`/${u.username}`}>
                your public page
              </a>
            ) : (
              'your public page (choose a username in Settings first)'
            )}
            . Your name, photo and headline are edited in Settings.
          </>
        }
      />
      <Island
        name="coach-profile"
        props={{
          userId: u.id,
          username: u.username ?? null,
          profile: {
            businessName: cp.businessName ?? '',
            specializations: cp.specializations ?? [],
            bio: cp.bio ?? '',
            introductionVideo: cp.introductionVideo ?? '',
            experiences: [...(cp.experiences ?? [])]
              .sort(byOrder)
              .map((e: any) => ({ title: e.title ?? '', company: e.company ?? '', years: Number(e.years ?? 0), months: Number(e.months ?? 0) })),
            certifications: [...(cp.certifications ?? [])].sort(byOrder).map((c: any) => ({
              title: c.title ?? '',
              issuingOrganization: c.issuingOrganization ?? '',
              issuingDate: c.issuingDate ?? '',
              certificateUrl: c.certificateUrl ?? '',
            })),
            completedBusinessAccelerator: !!cp.completedBusinessAccelerator,
            completedVideoResources: !!cp.completedVideoResources,
            completedQuizzes: !!cp.completedQuizzes,
            completedConsultation: !!cp.completedConsultation,
          },
        }}
      />
    </div>
  )
}

export default { title: 'Coach profile', Page } satisfies PageModule
