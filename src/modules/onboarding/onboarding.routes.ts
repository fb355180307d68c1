import { Elysia } from 'elysia'
import * as v from 'valibot'
import { platform } from '../../platform/http/context'
import { parseOrThrow } from '../../platform/http/errors'
import { dataOf, ok } from '../../platform/openapi/responses'
import { isSafeRedirect } from '../../shared/urls'
import { landingFor } from '../auth'
import { serializeUser, UserView } from '../users'
import { OnboardingCompleteSchema } from './onboarding.schema'
import { completeOnboarding } from './onboarding.service'

export const onboardingRoutes = new Elysia({ name: 'onboarding' }).use(platform).post(
  '/onboarding/complete',
  async ({ ctx, body }) => {
    const user = ctx.requireUser()
    const input = parseOrThrow(OnboardingCompleteSchema, body)
    const done = await completeOnboarding(ctx.em, user, input)
    // Back to where sign-up started (an invitation, a checkout), kept in the session by signIn.
    const after = ctx.session?.data?.afterOnboarding
    if (ctx.session && after) {
      const { afterOnboarding: _spent, ...rest } = ctx.session.data
      ctx.session.data = rest
      await ctx.em.flush()
    }
    return { data: { user: serializeUser(done), redirect: isSafeRedirect(after) ? after : landingFor(done) } }
  },
  {
    auth: true,
    body: OnboardingCompleteSchema,
    detail: {
      responses: ok(dataOf(v.object({ user: UserView, redirect: v.string() })), 'Onboarded: the user and where to go next'),
      tags: ['Onboarding'],
      summary: 'Finish onboarding (step 2)',
      description:
        "`{ role: 'client' }` or `{ role: 'coach', coachProfile: { businessName, bio, specializations } }`. The signed-in pending user becomes active; a coach gets the coach role, the coach basics and, without a team yet, a team of their own on the free plan. Step 1 (first name, last name, username: `PATCH /v1/users/{id}`) must be done first, else 422 on `role`. Answers `{ data: { user, redirect } }` where redirect is /c for coaches and /b for others. Calling it again once active changes nothing.",
    },
  },
)
