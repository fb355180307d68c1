/** The team page's dialogs (loaded when one first opens): invite by email, change a member's roles, remove a member. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { CheckboxGroup } from '../../design-system/components/checkbox/checkbox'
import { Dialog } from '../../design-system/components/dialog/dialog'
import { FormField } from '../../design-system/components/field/form-field'
import { Input } from '../../design-system/components/input/input'
import { TEAM_MESSAGES, TeamInviteSchema, TeamMemberChangeSchema } from '../../src/modules/teams/team.schema'
import { ApiError, del, type ErrorBag, patch, post } from '../lib/api'
import { check } from '../lib/form'
import type { Member } from './index'
import type { CoachTeamProps } from './props'

type Role = CoachTeamProps['roles'][number]
const label = (r: string) => (r.charAt(0).toUpperCase() + r.slice(1)).replace(/[-_]/g, ' ')
const STACK = css({ display: 'flex', flexDir: 'column', gap: '4' })
const ALERT = css({ color: 'fg.error', fontSize: 'sm' })
const HINT = css({ color: 'fg.muted', fontSize: 'sm' })

function RoleChoice({ roles, value, onChange, error, id }: { roles: Role[]; value: string[]; onChange: (v: string[]) => void; error?: string; id: string }) {
  return (
    <FormField label="Roles" group error={error} id={id} hint={roles.map((r) => `${label(r.name)}: ${r.description ?? ''}`).join(' · ')}>
      <CheckboxGroup
        label="Roles"
        options={roles.map((r) => r.name)}
        labels={Object.fromEntries(roles.map((r) => [r.name, label(r.name)]))}
        value={value}
        onChange={onChange}
      />
    </FormField>
  )
}

export function InviteDialog({ team, roles, onClose, onDone }: { team: string; roles: Role[]; onClose: () => void; onDone: (email: string) => void }) {
  const [email, setEmail] = useState('')
  const [chosen, setChosen] = useState<string[]>(roles.some((r) => r.name === 'coach') ? ['coach'] : [])
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [failure, setFailure] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState<{ email: string; url: string } | null>(null)

  const fieldError = (bag: ErrorBag | null, key: string) => bag?.[key]?.[0]
  async function submit() {
    const bag = check(TeamInviteSchema, { email, roles: chosen })
    if (bag) return setErrors({ email: fieldError(bag, 'email'), roles: fieldError(bag, 'roles') ?? (chosen.length ? undefined : TEAM_MESSAGES.rolesRequired) })
    setBusy(true)
    setFailure('')
    try {
      const res = await post<{ data: { email: string; url: string } }>('/v1/t/invitations', { email, roles: chosen }, { silent: true })
      setSent({ email: res.data.email, url: res.data.url })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) setErrors({ email: err.errors.email?.[0], roles: err.errors.roles?.[0] })
      else setFailure(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : sent ? onDone(sent.email) : onClose())}
      title={sent ? 'Invitation sent' : `Invite someone to ${team}`}
      description={sent ? undefined : 'They get an email with a link; accepting it makes them a member with the roles you choose.'}
      footer={
        sent ? (
          <Button onClick={() => onDone(sent.email)}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} loading={busy}>
              Send invitation
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div className={STACK} role="status">
          <p>
            We emailed an invitation to <strong>{sent.email}</strong>. The link works once, for 7 days.
          </p>
          <FormField label="Or share the link yourself" id="invite-link">
            <Input size="sm" readOnly value={sent.url} onFocus={(e) => e.currentTarget.select()} />
          </FormField>
        </div>
      ) : (
        <form
          className={STACK}
          aria-label="Invite a member"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <FormField label="Email" required error={errors.email} id="invite-email">
            <Input
              size="sm"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => (setEmail(e.target.value), setErrors((x) => ({ ...x, email: undefined })))}
              onBlur={() => email && setErrors((x) => ({ ...x, email: fieldError(check(TeamInviteSchema, { email, roles: ['coach'] }), 'email') }))}
            />
          </FormField>
          <RoleChoice
            roles={roles}
            value={chosen}
            id="invite-roles"
            error={errors.roles}
            onChange={(v) => (setChosen(v), setErrors((x) => ({ ...x, roles: undefined })))}
          />
          {failure ? (
            <p role="alert" className={ALERT}>
              {failure}
            </p>
          ) : null}
          <button type="submit" hidden />
        </form>
      )}
    </Dialog>
  )
}

export function RolesDialog({
  member,
  roles,
  self,
  onClose,
  onDone,
}: {
  member: Member
  roles: Role[]
  self: boolean
  onClose: () => void
  onDone: () => void
}) {
  // Roles the member has that the team may not give (an operator's) stay as they are.
  const [chosen, setChosen] = useState<string[]>(member.roles)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function submit() {
    const bag = check(TeamMemberChangeSchema, { roles: chosen })
    if (bag) return setError(bag.roles?.[0] ?? '')
    setBusy(true)
    setError('')
    try {
      await patch(`/v1/t/members/${member.id}`, { roles: chosen }, { silent: true })
      onDone()
    } catch (err) {
      // 409: the team's last manager; 422: a role the team may not give.
      setError(err instanceof ApiError ? (err.errors?.roles?.[0] ?? err.message) : 'Something went wrong!')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(o) => (o ? null : onClose())}
      title={`Roles of ${member.name}${self ? ' (you)' : ''}`}
      description="What they may do in this team. Their own account roles stay as they are."
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Save roles
          </Button>
        </>
      }
    >
      <div className={STACK}>
        <RoleChoice roles={roles} value={chosen} id="member-roles" onChange={(v) => (setChosen(v), setError(''))} />
        {!chosen.length ? <p className={HINT}>Without a team role they stay a member with only their account’s own roles.</p> : null}
        {error ? (
          <p role="alert" className={ALERT}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  )
}

export function RemoveDialog({
  member,
  team,
  self,
  onClose,
  onDone,
}: {
  member: Member
  team: string
  self: boolean
  onClose: () => void
  onDone: () => void
}) {
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function remove() {
    setBusy(true)
    setError('')
    try {
      await del(`/v1/t/members/${member.id}`, { silent: true })
      onDone()
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : 'Something went wrong!')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open
      size="sm"
      onOpenChange={(o) => (o ? null : onClose())}
      title={self ? `Leave ${team}?` : `Remove ${member.name}?`}
      description={
        self
          ? 'You lose access to this team’s workshops, bookings and vouchers.'
          : `${member.name} loses access to ${team}: its workshops, bookings and vouchers. Their own account stays.`
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button tone="danger" onClick={() => void remove()} loading={busy}>
            {self ? 'Leave team' : 'Remove member'}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className={ALERT}>
          {error}
        </p>
      ) : (
        <p className={HINT}>You can invite them again later.</p>
      )}
    </Dialog>
  )
}
