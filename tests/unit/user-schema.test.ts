/** The user schemas the settings cards use in the browser: same rules, same messages, no server code. */
import { describe, expect, test } from 'bun:test'
import * as v from 'valibot'
import { DisplayNameSchema, EmailSchema, SocialAccountsSchema, UsernameSchema, UserUpdateSchema } from '../../src/modules/users/user.schema'

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input, { abortPipeEarly: true })
  return r.success ? {} : Object.fromEntries(r.issues.map((i) => [v.getDotPath(i), i.message]))
}

describe('user schemas for forms', () => {
  test('import nothing from the server', async () => {
    const src = await Bun.file(new URL('../../src/modules/users/user.schema.ts', import.meta.url)).text()
    const imports = [...src.matchAll(/from '([^']+)'/g)].map((m) => m[1])
    expect(imports.every((i) => i === 'valibot' || i.startsWith('../../shared/'))).toBe(true)
    // The shared files it uses stay browser-safe: packages for the browser and each other only.
    for (const file of imports.filter((i) => i.startsWith('../../shared/'))) {
      const shared = await Bun.file(new URL(`../../src/${file.slice(6)}.ts`, import.meta.url)).text()
      const used = [...shared.matchAll(/from '([^']+)'/g)].map((m) => m[1])
      expect({ file, server: used.filter((i) => !['valibot', 'countries-list'].includes(i) && !i.startsWith('./')) }).toEqual({ file, server: [] })
    }
  })

  test('display name card', () => {
    expect(messages(DisplayNameSchema, { profile: {} })).toEqual({ 'profile.firstName': 'First name is required', 'profile.lastName': 'Last name is required' })
    expect(messages(DisplayNameSchema, { profile: { firstName: 'Ada', middleName: '', lastName: 'Lovelace' } })).toEqual({})
    expect(v.parse(DisplayNameSchema, { profile: { firstName: ' Ada ', middleName: '', lastName: 'L' } }).profile).toEqual({
      firstName: 'Ada',
      middleName: null,
      lastName: 'L',
    })
  })

  test('username and email cards', () => {
    expect(messages(UsernameSchema, { username: 'abc' })).toEqual({ username: 'Username must be at least 4 characters' })
    expect(messages(UsernameSchema, {})).toEqual({ username: 'Username must be at least 4 characters' })
    expect(v.parse(UsernameSchema, { username: ' Ada_L ' }).username).toBe('ada_l')
    expect(messages(EmailSchema, { email: 'x@' })).toEqual({ email: 'Please enter a valid email address' })
    expect(v.parse(EmailSchema, { email: ' Ada@Example.COM ' }).email).toBe('ada@example.com')
  })

  test('social accounts card: new rows start empty and fail with the field messages', () => {
    expect(messages(SocialAccountsSchema, { socialAccounts: [{ platform: '', url: '', order: 1 }] })).toEqual({
      'socialAccounts.0.platform': 'Platform is required',
      'socialAccounts.0.url': 'Please enter a valid URL',
    })
    expect(messages(SocialAccountsSchema, { socialAccounts: [{ platform: 'linkedin', url: 'https://linkedin.com/in/ada', order: 1 }] })).toEqual({})
  })

  test('the update payload takes any subset', () => {
    expect(v.safeParse(UserUpdateSchema, {}).success).toBe(true)
    expect(v.safeParse(UserUpdateSchema, { profile: { headline: 'Coach' } }).success).toBe(true)
    expect(v.safeParse(UserUpdateSchema, { nope: 1 }).success).toBe(false)
  })
})
