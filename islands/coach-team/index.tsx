/**
 * The team page's lists with their actions: members (change roles, remove; never the team's
 * last manager, the server says so) and invitations (invite by email, resend, withdraw). The
 * lists are the paged data table; an action reloads the page of rows it changed in place. The
 * dialogs load when one first opens.
 */
import { MailPlusIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import DataTable from '../data-table'
import type { TableRow } from '../data-table/props'
import { ApiError, post } from '../lib/api'
import { notify } from '../lib/toast'
import type { CoachTeamProps } from './props'

const InviteDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.InviteDialog })))
const RolesDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.RolesDialog })))
const RemoveDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.RemoveDialog })))

const SECTION = css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })
const HEAD = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
const H2 = css({ fontSize: 'lg', fontWeight: 'semibold' })
const ACTIONS = css({ display: 'inline-flex', gap: '1.5', justifyContent: 'flex-end' })
const MUTED = css({ color: 'fg.muted', fontSize: 'sm' })

export type Member = { id: string; userId: string; name: string; roles: string[]; status: string; manager: boolean }
const memberOf = (r: TableRow): Member => ({ ...(r.data as Omit<Member, 'id'>), id: r.id })

type Open = { kind: 'invite' } | { kind: 'roles'; member: Member } | { kind: 'remove'; member: Member } | null

export default function CoachTeam(props: CoachTeamProps) {
  const { canManage, me } = props
  const [open, setOpen] = useState<Open>(null)
  const [membersRefresh, setMembersRefresh] = useState(0)
  const [clientsRefresh, setClientsRefresh] = useState(0)
  const [invitesRefresh, setInvitesRefresh] = useState(0)
  const [busy, setBusy] = useState('')

  async function invitationAction(row: TableRow, action: 'resend' | 'revoke') {
    const email = String(row.data?.email ?? '')
    setBusy(`${action}:${row.id}`)
    try {
      await post(`/v1/t/invitations/${row.id}/${action}`, undefined, { silent: true })
      notify({ type: 'success', title: action === 'resend' ? 'Invitation sent again' : 'Invitation withdrawn', description: email })
      setInvitesRefresh((n) => n + 1)
    } catch (err) {
      notify({ type: 'error', title: 'Something went wrong!', description: err instanceof ApiError ? err.message : undefined })
    } finally {
      setBusy('')
    }
  }

  const memberActions = canManage
    ? {
        header: 'Actions',
        width: 170,
        render: (row: TableRow) => {
          const m = memberOf(row)
          return (
            <span className={ACTIONS}>
              <Button size="xs" variant="outline" aria-label={`Change roles of ${m.name}`} onClick={() => setOpen({ kind: 'roles', member: m })}>
                Roles
              </Button>
              <Button size="xs" variant="ghost" aria-label={`Remove ${m.name}`} onClick={() => setOpen({ kind: 'remove', member: m })}>
                Remove
              </Button>
            </span>
          )
        },
      }
    : undefined

  // A client of the team is not a colleague: no Remove; a manager may give them a team role.
  const clientActions = canManage
    ? {
        header: 'Actions',
        width: 150,
        render: (row: TableRow) => {
          const m = memberOf(row)
          return (
            <span className={ACTIONS}>
              <Button size="xs" variant="outline" aria-label={`Give a role to ${m.name}`} onClick={() => setOpen({ kind: 'roles', member: m })}>
                Give a role
              </Button>
            </span>
          )
        },
      }
    : undefined

  const inviteActions = {
    header: 'Actions',
    width: 210,
    render: (row: TableRow) => {
      const email = String(row.data?.email ?? '')
      const status = String(row.data?.status ?? '')
      if (status !== 'PENDING' && status !== 'EXPIRED' && status !== 'DECLINED') return null
      return (
        <span className={ACTIONS}>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Resend the invitation to ${email}`}
            loading={busy === `resend:${row.id}`}
            onClick={() => void invitationAction(row, 'resend')}
          >
            Resend
          </Button>
          {status === 'PENDING' ? (
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Withdraw the invitation to ${email}`}
              loading={busy === `revoke:${row.id}`}
              onClick={() => void invitationAction(row, 'revoke')}
            >
              Withdraw
            </Button>
          ) : null}
        </span>
      )
    },
  }

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '8' })}>
      <section className={SECTION} aria-labelledby="team-members">
        <div className={HEAD}>
          <h2 id="team-members" className={H2}>
            Members
          </h2>
          {canManage ? (
            <Button size="sm" onClick={() => setOpen({ kind: 'invite' })}>
              <MailPlusIcon aria-hidden /> Invite member
            </Button>
          ) : (
            <p className={MUTED}>Only the team’s managers invite, change roles and remove members.</p>
          )}
        </div>
        <DataTable {...props.members} rowActions={memberActions} refresh={membersRefresh} />
      </section>
      {props.clients ? (
        <section className={SECTION} aria-labelledby="team-clients">
          <div>
            <h2 id="team-clients" className={H2}>
              Clients with access
            </h2>
            <p className={MUTED}>People who book the team’s sessions, including its private ones. They hold no team role and see none of its work.</p>
          </div>
          <DataTable {...props.clients} rowActions={clientActions} refresh={clientsRefresh} />
        </section>
      ) : null}
      {props.invitations ? (
        <section className={SECTION} aria-labelledby="team-invitations">
          <h2 id="team-invitations" className={H2}>
            Invitations
          </h2>
          <DataTable {...props.invitations} rowActions={inviteActions} refresh={invitesRefresh} />
        </section>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          {open.kind === 'invite' ? (
            <InviteDialog
              team={props.team}
              roles={props.roles}
              onClose={() => setOpen(null)}
              onDone={(email) => {
                setOpen(null)
                notify({ type: 'success', title: 'Invitation sent', description: email })
                setInvitesRefresh((n) => n + 1)
              }}
            />
          ) : open.kind === 'roles' ? (
            <RolesDialog
              member={open.member}
              roles={props.roles}
              self={open.member.userId === me}
              onClose={() => setOpen(null)}
              onDone={() => {
                setOpen(null)
                notify({ type: 'success', title: 'Roles changed', description: open.member.name })
                // A role moves a client into the team (and no role moves a member out): both lists change.
                setMembersRefresh((n) => n + 1)
                setClientsRefresh((n) => n + 1)
              }}
            />
          ) : (
            <RemoveDialog
              member={open.member}
              team={props.team}
              self={open.member.userId === me}
              onClose={() => setOpen(null)}
              onDone={() => {
                setOpen(null)
                if (open.member.userId === me) return location.assign('/c')
                notify({ type: 'success', title: 'Member removed', description: open.member.name })
                setMembersRefresh((n) => n + 1)
              }}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  )
}
