/**
 * The coach pages act like the API: the same request context, the same guard (signed in,
 * the user's team, the job-postings.manage permission) and the same services.
 */

import type { AccessContext } from '../../../modules/access'
import { guard } from '../../../modules/job-postings'
import { BaseContext, createContext } from '../../../platform/http/context'
import { HttpError } from '../../../platform/http/errors'
import { log } from '../../../platform/log'
import type { PageContext } from '../../routes'
import { pageTeam } from '../../team'

export type TeamAccess = { ok: true; rc: AccessContext } | { ok: false; message: string }

export async function teamContext(ctx: PageContext): Promise<TeamAccess> {
  // The layout's current team (resolved once per request, the role permissions with it): the
  // page reads the team and its permissions from there instead of asking again.
  const rc = (await pageTeam(ctx)).rc ?? (await createContext(new BaseContext(ctx.em.fork(), log, 'page', null, '')))
  rc.user = ctx.user
  try {
    await guard(rc, { needTenant: true })
    return { ok: true, rc }
  } catch (e) {
    if (!(e instanceof HttpError)) throw e
    return { ok: false, message: e.status === 403 ? 'Your role in this team cannot manage job postings.' : 'Join or select a team to post jobs.' }
  }
}
