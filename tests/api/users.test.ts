/**
 * PATCH /v1/users/{id}: spec section 5 rules word for word, partial updates, mass-assigned
 * privileged fields, uniqueness, the email change that waits for its code.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { OneTimeCode } from '../../src/modules/auth/auth.entity'
import { User } from '../../src/modules/users/user.entity'
import { actor, Client, em, superAdmin, uid } from '../client'
import { extractCode, waitForNewMail } from '../mail'

// Each test makes many requests; a busy machine must not turn slowness into failures.
setDefaultTimeout(60_000)

const patchSelf = async (body: unknown, profile?: any) => {
  const a = await actor({ profile })
  const r = await a.client.patch(`/v1/users/${a.user.id}`, body)
  return { ...a, r }
}

const reload = (id: string) => em().findOneOrFail(User, { id }, { filters: false })

describe('profile rules (spec section 5)', () => {
  test('first and last name are required', async () => {
    const { r } = await patchSelf({ profile: { firstName: '', lastName: '   ' } })
    expect(r.status).toBe(422)
    expect(r.body.errors['profile.firstName']).toEqual(['First name is required'])
    expect(r.body.errors['profile.lastName']).toEqual(['Last name is required'])
    const nulls = await patchSelf({ profile: { firstName: null, lastName: null } })
    expect(nulls.r.body.errors['profile.firstName']).toEqual(['First name is required'])
    expect(nulls.r.body.errors['profile.lastName']).toEqual(['Last name is required'])
  })

  test('headline 1 to 255, phone number at least 1 character, country from the list', async () => {
    const { r } = await patchSelf({ profile: { headline: 'x'.repeat(256), phoneNumber: '', country: 'ZZ' } })
    expect(r.status).toBe(422)
    expect(r.body.errors['profile.headline']).toEqual(['Headline must be at most 255 characters'])
    expect(r.body.errors['profile.phoneNumber']).toEqual(['Phone number must be at least 1 character'])
    expect(r.body.errors['profile.country']).toEqual(['Please select a valid country'])
    const empty = await patchSelf({ profile: { headline: '' } })
    expect(empty.r.body.errors['profile.headline']).toEqual(['Headline is required'])
    const ok = await patchSelf({ profile: { headline: 'x'.repeat(255), phoneNumber: '+44 20 7946 0000', country: 'gb' } })
    expect(ok.r.status).toBe(200)
    expect(ok.r.body.data.profile.country).toBe('GB')
    expect(ok.r.body.data.profile.headline).toHaveLength(255)
  })

  test('social accounts: platform required and known, url valid and at most 255', async () => {
    const { r } = await patchSelf({
      profile: {
        socialAccounts: [
          { platform: '', url: 'https://linkedin.com/in/a', order: 1 },
          { platform: 'myspace', url: 'not a url', order: 2 },
          { platform: 'github', url: `https://github.com/${'a'.repeat(250)}`, order: 3 },
          { platform: 'x', url: 'javascript:alert(1)', order: 4 },
        ],
      },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors['profile.socialAccounts.0.platform']).toEqual(['Platform is required'])
    expect(r.body.errors['profile.socialAccounts.1.platform']).toEqual(['Please select a valid platform'])
    expect(r.body.errors['profile.socialAccounts.1.url']).toEqual(['Please enter a valid URL'])
    expect(r.body.errors['profile.socialAccounts.2.url']).toEqual(['URL must be at most 255 characters'])
    expect(r.body.errors['profile.socialAccounts.3.url']).toEqual(['Please enter a valid URL'])
    expect(r.body.errors['profile.socialAccounts.0.url']).toBeUndefined()
    const missing = await patchSelf({ profile: { socialAccounts: [{ order: 1 }] } })
    expect(missing.r.body.errors['profile.socialAccounts.0.platform']).toEqual(['Platform is required'])
    expect(missing.r.body.errors['profile.socialAccounts.0.url']).toEqual(['Please enter a valid URL'])
  })

  test('every social link kind of section 3 is accepted; the list replaces the stored one', async () => {
    const kinds = [
      'facebook',
      'linkedin',
      'instagram',
      'youtube',
      'tiktok',
      'pinterest',
      'reddit',
      'snapchat',
      'x',
      'telegram',
      'discord',
      'twitch',
      'github',
      'gitlab',
    ]
    const { client, user, r } = await patchSelf({
      profile: { socialAccounts: kinds.map((platform, i) => ({ platform, url: `https://example.com/${platform}`, order: i + 1 })) },
    })
    expect(r.status).toBe(200)
    expect(r.body.data.profile.socialAccounts.map((s: any) => s.platform)).toEqual(kinds)
    const r2 = await client.patch(`/v1/users/${user.id}`, { profile: { socialAccounts: [{ platform: 'GitHub', url: 'https://github.com/me' }] } })
    expect(r2.body.data.profile.socialAccounts).toEqual([{ platform: 'github', url: 'https://github.com/me', order: 1 }])
  })
})

describe('coach profile rules (spec section 5)', () => {
  test('bio 1 to 1000', async () => {
    const long = await patchSelf({ coachProfile: { bio: 'b'.repeat(1001) } })
    expect(long.r.status).toBe(422)
    expect(long.r.body.errors['coachProfile.bio']).toEqual(['Bio must be at most 1000 characters'])
    const empty = await patchSelf({ coachProfile: { bio: '' } })
    expect(empty.r.body.errors['coachProfile.bio']).toEqual(['Bio is required'])
    const ok = await patchSelf({ coachProfile: { bio: 'b'.repeat(1000) } })
    expect(ok.r.status).toBe(200)
  })

  test('introduction video: a URL, a video id (both at most 255) or null', async () => {
    const bad = await patchSelf({ coachProfile: { introductionVideo: 'not a url or id!' } })
    expect(bad.r.status).toBe(422)
    expect(bad.r.body.errors['coachProfile.introductionVideo']).toEqual(['Introduction video must be a valid URL or video ID'])
    const long = await patchSelf({ coachProfile: { introductionVideo: `https://youtube.com/watch?v=${'a'.repeat(240)}` } })
    expect(long.r.body.errors['coachProfile.introductionVideo']).toEqual(['Introduction video must be at most 255 characters'])
    for (const value of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ', null]) {
      const ok = await patchSelf({ coachProfile: { introductionVideo: value } })
      expect(ok.r.status).toBe(200)
      expect(ok.r.body.data.coachProfile.introductionVideo).toBe(value)
    }
  })

  test('experiences: title and company required, order at least 1, years and months at least 0', async () => {
    const { r } = await patchSelf({ coachProfile: { experiences: [{ title: '', company: '', order: 0, years: -1, months: -1 }] } })
    expect(r.status).toBe(422)
    expect(r.body.errors['coachProfile.experiences.0.title']).toEqual(['Title is required'])
    expect(r.body.errors['coachProfile.experiences.0.company']).toEqual(['Company is required'])
    expect(r.body.errors['coachProfile.experiences.0.order']).toEqual(['Order must be at least 1'])
    expect(r.body.errors['coachProfile.experiences.0.years']).toEqual(['Years must be at least 0'])
    expect(r.body.errors['coachProfile.experiences.0.months']).toEqual(['Months must be at least 0'])
    const missing = await patchSelf({ coachProfile: { experiences: [{ order: 1 }] } })
    expect(missing.r.body.errors['coachProfile.experiences.0.title']).toEqual(['Title is required'])
    expect(missing.r.body.errors['coachProfile.experiences.0.company']).toEqual(['Company is required'])
  })

  test('certifications: title, issuing organization and order required; certificate URL valid or empty', async () => {
    const { r } = await patchSelf({
      coachProfile: {
        certifications: [
          { title: '', issuingOrganization: '', order: 0, certificateUrl: 'nope' },
          { title: 'ICF', issuingOrganization: 'ICF', order: 1, certificateUrl: `https://icf.org/${'c'.repeat(250)}` },
          { title: 'ICF', issuingOrganization: 'ICF' },
        ],
      },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors['coachProfile.certifications.0.title']).toEqual(['Title is required'])
    expect(r.body.errors['coachProfile.certifications.0.issuingOrganization']).toEqual(['Issuing organization is required'])
    expect(r.body.errors['coachProfile.certifications.0.order']).toEqual(['Order must be at least 1'])
    expect(r.body.errors['coachProfile.certifications.0.certificateUrl']).toEqual(['Please enter a valid URL'])
    expect(r.body.errors['coachProfile.certifications.1.certificateUrl']).toEqual(['Certificate URL must be at most 255 characters'])
    expect(r.body.errors['coachProfile.certifications.2.order']).toEqual(['Order must be at least 1'])
    const ok = await patchSelf({
      coachProfile: { certifications: [{ title: 'PCC', issuingOrganization: 'ICF', order: 1, certificateUrl: '', issuingDate: '2020-02-01' }] },
    })
    expect(ok.r.status).toBe(200)
    expect(ok.r.body.data.coachProfile.certifications[0]).toEqual({
      title: 'PCC',
      issuingOrganization: 'ICF',
      order: 1,
      certificateUrl: null,
      issuingDate: '2020-02-01',
    })
  })
})

describe('username, email, password rules', () => {
  test('username: at least 4 characters, at most 20, format; trimmed and lowercased', async () => {
    const short = await patchSelf({ username: 'abc' })
    expect(short.r.status).toBe(422)
    expect(short.r.body.errors.username).toEqual(['Username must be at least 4 characters'])
    const long = await patchSelf({ username: 'a'.repeat(21) })
    expect(long.r.body.errors.username).toEqual(['Username must be at most 20 characters'])
    const bad = await patchSelf({ username: '_bad name' })
    expect(bad.r.body.errors.username[0]).toContain('letters, numbers, underscores and hyphens')
    const name = `Ok_${uid()}`
    const ok = await patchSelf({ username: `  ${name}  ` })
    expect(ok.r.status).toBe(200)
    expect(ok.r.body.data.username).toBe(name.toLowerCase())
  })

  test('username already taken by another user: 422', async () => {
    const other = await actor()
    const { r } = await patchSelf({ username: other.user.username!.toUpperCase() })
    expect(r.status).toBe(422)
    expect(r.body.errors.username).toEqual(['The username has already been taken.'])
    // one's own username is not "taken"
    const self = await actor()
    const same = await self.client.patch(`/v1/users/${self.user.id}`, { username: self.user.username })
    expect(same.status).toBe(200)
  })

  test("email must be valid; another user's email is taken", async () => {
    const bad = await patchSelf({ email: 'not-an-email' })
    expect(bad.r.status).toBe(422)
    expect(bad.r.body.errors.email).toEqual(['Please enter a valid email address'])
    const other = await actor()
    const taken = await patchSelf({ email: other.user.email.toUpperCase() })
    expect(taken.r.status).toBe(422)
    expect(taken.r.body.errors.email).toEqual(['The email has already been taken.'])
  })

  test('password: at least 8 with upper and lower case; stored hashed', async () => {
    const bad = await patchSelf({ password: 'alllowercase' })
    expect(bad.r.status).toBe(422)
    expect(bad.r.body.errors.password).toEqual(['Password must contain at least one uppercase and one lowercase letter'])
    const ok = await patchSelf({ password: 'Secret-pass1' })
    expect(ok.r.status).toBe(200)
    expect(JSON.stringify(ok.r.body)).not.toContain('Secret-pass1')
    const stored = await reload(ok.user.id)
    expect(await Bun.password.verify('Secret-pass1', stored.password!)).toBe(true)
  }, 30_000)

  test('an email change waits in pendingEmail and a verify-email code is issued for the new address', async () => {
    const { user, r } = await patchSelf({ email: `  New-${uid()}@Example.com ` })
    expect(r.status).toBe(200)
    expect(r.body.data.email).toBe(user.email)
    expect(r.body.data.pendingEmail).toMatch(/^new-.+@example\.com$/)
    const codes = await em().find(OneTimeCode, { email: r.body.data.pendingEmail, purpose: 'verify-email' })
    expect(codes).toHaveLength(1)
    const stored = await reload(user.id)
    expect(stored.email).toBe(user.email)
    expect(stored.pendingEmail).toBe(r.body.data.pendingEmail)
  })

  test('the emailed code makes the pending email primary (auth/verify-email-using-otp)', async () => {
    const a = await actor()
    const next = `moved-${uid()}@example.com`
    const mail = waitForNewMail(next)
    const r = await a.client.patch(`/v1/users/${a.user.id}`, { email: next })
    expect(r.body.data.pendingEmail).toBe(next)
    // nothing is sent to, or changed for, the old address yet
    expect((await a.client.get(`/v1/users/${a.user.id}`)).body.data.email).toBe(a.user.email)
    const code = extractCode(await mail)
    const v = await a.client.post('/v1/auth/verify-email-using-otp', { email: next, code })
    expect(v.status).toBe(200)
    const after = await a.client.get(`/v1/users/${a.user.id}`)
    expect(after.body.data.email).toBe(next)
    expect(after.body.data.pendingEmail).toBeNull()
    expect(after.body.data.emailVerifiedAt).toBeString()
  })

  test("sending one's current email again cancels a pending change", async () => {
    const a = await actor()
    await a.client.patch(`/v1/users/${a.user.id}`, { email: `p-${uid()}@example.com` })
    const r = await a.client.patch(`/v1/users/${a.user.id}`, { email: a.user.email })
    expect(r.status).toBe(200)
    expect(r.body.data.pendingEmail).toBeNull()
    expect(r.body.data.email).toBe(a.user.email)
  })

  test('unknown fields are refused, not ignored', async () => {
    const { r } = await patchSelf({ isAdmin: true })
    expect(r.status).toBe(422)
    expect(r.body.errors.isAdmin[0]).toContain('isAdmin')
  })
})

describe('partial updates and privileged fields', () => {
  test('a partial PATCH keeps every other field', async () => {
    const a = await actor({
      roles: ['coach'],
      profile: {
        firstName: 'Ana',
        lastName: 'Lima',
        headline: 'Coach',
        country: 'PT',
        socialAccounts: [{ platform: 'x', url: 'https://x.com/ana', order: 1 }],
      },
    })
    await a.client.patch(`/v1/users/${a.user.id}`, { coachProfile: { businessName: 'Lima Co', bio: 'Bio' } })
    const r = await a.client.patch(`/v1/users/${a.user.id}`, { profile: { headline: 'Leadership coach' } })
    expect(r.status).toBe(200)
    expect(r.body.data.profile).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lima',
      headline: 'Leadership coach',
      country: 'PT',
      socialAccounts: [{ platform: 'x', url: 'https://x.com/ana', order: 1 }],
    })
    expect(r.body.data.coachProfile).toMatchObject({ businessName: 'Lima Co', bio: 'Bio' })
    const r2 = await a.client.patch(`/v1/users/${a.user.id}`, { coachProfile: { bio: 'New bio' } })
    expect(r2.body.data.coachProfile).toMatchObject({ businessName: 'Lima Co', bio: 'New bio' })
    expect(r2.body.data.username).toBe(a.user.username)
    expect(r2.body.data.email).toBe(a.user.email)
    const empty = await a.client.patch(`/v1/users/${a.user.id}`, {})
    expect(empty.status).toBe(200)
    expect(empty.body.data.profile.headline).toBe('Leadership coach')
  })

  test('roles, status and defaultTenantSlug from a non-admin are ignored, not stored', async () => {
    const a = await actor({ status: 'pending' })
    const r = await a.client.patch(`/v1/users/${a.user.id}`, {
      roles: ['super-admin'],
      status: 'active',
      defaultTenantSlug: 'someone-else',
      profile: { headline: 'Still saved' },
    })
    expect(r.status).toBe(200)
    expect(r.body.data.roles).toEqual([])
    expect(r.body.data.status).toBe('pending')
    expect(r.body.data.defaultTenantSlug).toBeNull()
    expect(r.body.data.profile.headline).toBe('Still saved')
    const stored = await reload(a.user.id)
    expect(stored.roles).toEqual([])
    expect(stored.status).toBe('pending')
    // and the user really has no admin powers
    expect((await a.client.get('/v1/users')).status).toBe(403)
    // stray values of any shape are dropped too, never refused
    const odd = await a.client.patch(`/v1/users/${a.user.id}`, { roles: 'super-admin', status: 42, defaultTenantSlug: { x: 1 } })
    expect(odd.status).toBe(200)
    expect(odd.body.data.roles).toEqual([])
  })

  test('a super-admin can set roles, status and defaultTenantSlug', async () => {
    const admin = await superAdmin()
    const target = await actor({ status: 'pending' })
    const t = await admin.client.post('/v1/tenants', { name: 'Team', slug: `team-${uid()}` })
    const r = await admin.client.patch(`/v1/users/${target.user.id}`, { roles: ['coach'], status: 'suspended', defaultTenantSlug: t.body.data.slug })
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ roles: ['coach'], status: 'suspended', defaultTenantSlug: t.body.data.slug })
    const bad = await admin.client.patch(`/v1/users/${target.user.id}`, { roles: ['wizard'], status: 'sleeping', defaultTenantSlug: `nope-${uid()}` })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.status).toEqual(['Please select a valid status'])
    const bad2 = await admin.client.patch(`/v1/users/${target.user.id}`, { roles: ['wizard'], defaultTenantSlug: `nope-${uid()}` })
    expect(bad2.body.errors.roles).toEqual(['Unknown role: wizard'])
    expect(bad2.body.errors.defaultTenantSlug).toEqual(['The selected tenant is invalid.'])
  })

  test("a super-admin changing another user's email sets it directly", async () => {
    const admin = await superAdmin()
    const target = await actor()
    const email = `fixed-${uid()}@example.com`
    const r = await admin.client.patch(`/v1/users/${target.user.id}`, { email })
    expect(r.status).toBe(200)
    expect(r.body.data.email).toBe(email)
    expect(r.body.data.pendingEmail).toBeNull()
  })

  test('403 on PATCH or GET of another user; 401 without a session; 404 for a missing user', async () => {
    const a = await actor()
    const b = await actor()
    const r = await a.client.patch(`/v1/users/${b.user.id}`, { profile: { headline: 'Hijacked' } })
    expect(r.status).toBe(403)
    expect((await a.client.get(`/v1/users/${b.user.id}`)).status).toBe(403)
    expect((await reload(b.user.id)).profile.headline).toBeUndefined()
    expect((await new Client().patch(`/v1/users/${b.user.id}`, { profile: { headline: 'x' } })).status).toBe(401)
    const me = await a.client.get(`/v1/users/${a.user.id}`)
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(a.user.email)
    const admin = await superAdmin()
    const missing = await admin.client.patch('/v1/users/01900000-0000-7000-8000-000000000000', { profile: { headline: 'x' } })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('User not found.')
    expect((await admin.client.get('/v1/users/not-a-uuid')).status).toBe(404)
  })

  test('a cookie session PATCH needs the CSRF header (419)', async () => {
    const a = await actor()
    const c = await new Client().csrfCookie()
    c.bearer = a.client.bearer
    // bearer clients skip CSRF; the same call over a cookie session without the header is refused
    const cookieOnly = new Client()
    cookieOnly.cookies = c.cookies
    cookieOnly.csrf = false
    const r = await cookieOnly.patch(`/v1/users/${a.user.id}`, { profile: { headline: 'x' } })
    expect(r.status).toBe(419)
  })
})
