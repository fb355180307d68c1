/** The Account tab: one card per part of the profile, each saved on its own. */

import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Badge } from '../../design-system/components/badge/badge'
import { DisplayNameSchema, EmailSchema, ProfileUpdateSchema, UsernameSchema } from '../../src/modules/users/user.schema'
import { emailRule } from '../../src/shared/rules'
import { AvatarCard } from './cards/avatar-card'
import { CountryCard } from './cards/country-card'
import { SocialAccountsCard } from './cards/social-accounts-card'
import { TextCard } from './cards/text-card'
import { VerifyEmail } from './cards/verify-email'
import type { Me } from './props'

const names = DisplayNameSchema.entries.profile.entries
const profile = ProfileUpdateSchema.entries
const nullIfEmpty = (s: string) => (s.trim() === '' ? null : s)

export const HEADLINE_PLACEHOLDER = 'e.g. Leadership coach helping first-time managers build confident teams'

export function AccountTab({ me, save }: { me: Me; save: (body: Record<string, unknown>) => Promise<unknown> }) {
  const p = me.profile
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '5' })}>
      <AvatarCard me={me} save={save} />
      <TextCard
        id="display-name"
        title="Display Name"
        description="Your name as clients and coaches see it."
        columns={3}
        fields={[
          { name: 'firstName', label: 'First Name', schema: names.firstName, autoComplete: 'given-name' },
          { name: 'middleName', label: 'Middle Name', hint: 'Optional', schema: names.middleName, autoComplete: 'additional-name' },
          { name: 'lastName', label: 'Last Name', schema: names.lastName, autoComplete: 'family-name' },
        ]}
        initial={{ firstName: p.firstName ?? '', middleName: p.middleName ?? '', lastName: p.lastName ?? '' }}
        toBody={(x) => ({ profile: { firstName: x.firstName, middleName: nullIfEmpty(x.middleName), lastName: x.lastName } })}
        bodySchema={DisplayNameSchema}
        save={save}
      />
      <TextCard
        id="headline"
        title="Headline"
        description="One line under your name."
        note="Mention your professional background and expertise."
        fields={[
          {
            name: 'headline',
            label: 'Headline',
            schema: v.unwrap(v.unwrap(profile.headline)),
            multiline: true,
            placeholder: HEADLINE_PLACEHOLDER,
            emptyIsNull: true,
          },
        ]}
        initial={{ headline: p.headline ?? '' }}
        toBody={(x) => ({ profile: { headline: nullIfEmpty(x.headline) } })}
        bodySchema={v.strictObject({ profile: v.strictObject({ headline: profile.headline }) })}
        save={save}
      />
      <TextCard
        id="username"
        title="Username"
        description="Your public profile address."
        note="4 to 20 characters: letters, numbers, underscores and hyphens."
        fields={[{ name: 'username', label: 'Username', schema: UsernameSchema.entries.username, autoComplete: 'username' }]}
        initial={{ username: me.username ?? '' }}
        toBody={(x) => ({ username: x.username })}
        bodySchema={UsernameSchema}
        save={save}
      />
      <TextCard
        id="email"
        title="Email"
        description={
          <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            {me.email}
            {me.emailVerifiedAt ? (
              <Badge variant="subtle" size="sm">
                Verified
              </Badge>
            ) : null}
            <Badge variant="outline" size="sm">
              Primary
            </Badge>
          </span>
        }
        note={
          me.pendingEmail
            ? `${me.pendingEmail} waits for verification: enter the code we sent to it above. Emails must be verified before you can log in with them or make them primary.`
            : 'Emails must be verified before you can log in with them or make them primary.'
        }
        fields={[{ name: 'email', label: 'Email', type: 'email', schema: emailRule, autoComplete: 'email' }]}
        initial={{ email: me.pendingEmail ?? me.email }}
        toBody={(x) => ({ email: x.email })}
        bodySchema={EmailSchema}
        save={save}
        extra={me.pendingEmail ? <VerifyEmail email={me.pendingEmail} /> : null}
      />
      <TextCard
        id="phone-number"
        title="Phone Number"
        description="Recommended for notifications about your bookings."
        fields={[
          {
            name: 'phoneNumber',
            label: 'Phone Number',
            type: 'tel',
            schema: v.unwrap(v.unwrap(profile.phoneNumber)),
            autoComplete: 'tel',
            placeholder: '+1 555 0100',
            emptyIsNull: true,
          },
        ]}
        initial={{ phoneNumber: p.phoneNumber ?? '' }}
        toBody={(x) => ({ profile: { phoneNumber: nullIfEmpty(x.phoneNumber) } })}
        bodySchema={v.strictObject({ profile: v.strictObject({ phoneNumber: profile.phoneNumber }) })}
        save={save}
      />
      <CountryCard country={p.country} save={save} />
      <SocialAccountsCard accounts={p.socialAccounts} save={save} />
    </div>
  )
}
