/**
 * Passkeys over the API with a software authenticator (tests/webauthn.ts): adding one needs the
 * second check; list, rename, remove, at most 10 (also when added in parallel); signing in with
 * one, where the challenge works once (a replayed answer is refused), must come from this site
 * (origin, RP ID), must be fresh (5 minutes) and the counter must move on; a passkey as the
 * second check; and signing in with a passkey is not itself a second check.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Passkey } from '../../src/modules/auth/passkey.entity'
import { clock } from '../../src/platform/clock'
import { type Actor, actor, Client, em } from '../client'
import { expectReauthRequired, reauthenticate } from '../reauth'
import { SoftPasskey } from '../webauthn'

setDefaultTimeout(60_000)

const CHALLENGE = 'This passkey request expired or was already used. Please try again.'
const FAILED = 'The passkey could not be verified. Please try again.'

/** Adds a passkey for the actor (who made a second check) and answers it with its authenticator. */
async function addPasskey(a: Actor, name?: string) {
  const key = new SoftPasskey(process.env.APP_URL!)
  const options = await a.client.post('/v1/auth/passkeys/registration/options')
  expect(options.status).toBe(200)
  const r = await a.client.post('/v1/auth/passkeys/registration/verify', { response: key.register(options.body.data), ...(name ? { name } : {}) })
  expect(r.status).toBe(201)
  return { key, passkey: r.body.data }
}

async function signInWith(key: SoftPasskey, opts: { origin?: string; rpId?: string; keepCounter?: boolean } = {}) {
  const c = new Client()
  const options = await c.post('/v1/auth/passkeys/authentication/options', {})
  expect(options.status).toBe(200)
  const response = key.assert(options.body.data, opts)
  return { c, response, res: await c.post('/v1/auth/passkeys/authentication/verify', { response }) }
}

describe('adding, naming and removing passkeys', () => {
  test('adding one needs a fresh second check; it is listed, renamed, removed; another person’s is 404', async () => {
    const a = await actor()
    expectReauthRequired(await a.client.post('/v1/auth/passkeys/registration/options'))
    await reauthenticate(a)
    const options = await a.client.post('/v1/auth/passkeys/registration/options')
    expect(options.body.data).toMatchObject({ rp: { id: 'localhost', name: 'Summit' }, user: { name: a.user.email }, attestation: 'none' })
    expect(options.body.data.authenticatorSelection).toMatchObject({ residentKey: 'required' })
    const key = new SoftPasskey(process.env.APP_URL!)
    const made = await a.client.post(
      '/v1/auth/passkeys/registration/verify',
      { response: key.register(options.body.data) },
      { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36' },
    )
    expect(made.status).toBe(201)
    // Named after the device it was made on.
    expect(made.body.data).toMatchObject({ name: 'Chrome on macOS', deviceType: 'singleDevice', lastUsedAt: null })
    // The same options answered twice: the challenge is gone.
    const again = await a.client.post('/v1/auth/passkeys/registration/verify', { response: key.register(options.body.data) })
    expect(again.status).toBe(422)
    expect(again.body.errors.response).toEqual([CHALLENGE])

    const id = made.body.data.id
    expect((await a.client.get('/v1/auth/passkeys')).body.data.map((k: any) => k.id)).toEqual([id])
    const renamed = await a.client.patch(`/v1/auth/passkeys/${id}`, { name: '  Work laptop ' })
    expect(renamed.body.data.name).toBe('Work laptop')
    const bad = await a.client.patch(`/v1/auth/passkeys/${id}`, { name: 'x'.repeat(65) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.name).toEqual(['The passkey name must be 1 to 64 characters.'])
    const stranger = await actor()
    expect((await stranger.client.patch(`/v1/auth/passkeys/${id}`, { name: 'Mine' })).status).toBe(404)
    expect((await stranger.client.delete(`/v1/auth/passkeys/${id}`)).status).toBe(404)
    expect((await a.client.delete(`/v1/auth/passkeys/${id}`)).status).toBe(204)
    expect((await a.client.get('/v1/auth/passkeys')).body.data).toEqual([])
    // A removed passkey no longer signs in.
    const { res } = await signInWith(key)
    expect(res.status).toBe(422)
    expect(res.body.errors.response[0]).toStartWith('This passkey is not registered here.')
  })

  test('at most 10 per person, also when several are added at once', async () => {
    const a = await actor()
    await reauthenticate(a)
    for (let i = 0; i < 8; i++) await addPasskey(a, `Key ${i}`)
    // Three browsers finish at once with 8 kept: two more fit, the third is refused.
    const keys = [0, 1, 2].map(() => new SoftPasskey(process.env.APP_URL!))
    const options = await Promise.all(keys.map(() => a.client.post('/v1/auth/passkeys/registration/options')))
    const done = await Promise.all(
      keys.map((k, i) => a.client.post('/v1/auth/passkeys/registration/verify', { response: k.register(options[i].body.data), name: `Race ${i}` })),
    )
    expect(done.map((r) => r.status).sort()).toEqual([201, 201, 409])
    expect(done.find((r) => r.status === 409)!.body.message).toBe('You can have at most 10 passkeys. Remove one to add another.')
    expect(await em().count(Passkey, { user: a.user.id })).toBe(10)
    const more = await a.client.post('/v1/auth/passkeys/registration/options')
    expect(more.status).toBe(409)
  })
})

describe('signing in with a passkey', () => {
  test('signs in with a fresh session; a replayed answer, another origin or RP ID, a counter that did not move, an old challenge: refused', async () => {
    const a = await actor()
    await reauthenticate(a)
    const { key } = await addPasskey(a)

    const { c, response, res } = await signInWith(key)
    expect(res.status).toBe(200)
    expect(res.body.data.user.id).toBe(a.user.id)
    expect(res.body.data.redirect).toBe('/b')
    expect(c.cookies.get('summit_session')).toBeString()
    expect((await c.get('/v1/auth/me')).body.data.id).toBe(a.user.id)
    const stored = await em().findOneOrFail(Passkey, { credentialId: key.id })
    expect(Number(stored.counter)).toBe(key.counter)
    expect(stored.lastUsedAt).toBeInstanceOf(Date)

    // The very same answer again: its challenge was taken.
    const replay = await new Client().post('/v1/auth/passkeys/authentication/verify', { response })
    expect(replay.status).toBe(422)
    expect(replay.body.errors.response).toEqual([CHALLENGE])

    // Signed for another site, or for another RP ID, or with the counter standing still (a cloned key).
    for (const opts of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { keepCounter: true }]) {
      key.counter = Number((await em().findOneOrFail(Passkey, { credentialId: key.id })).counter)
      const r = (await signInWith(key, opts)).res
      expect(r.status).toBe(422)
      expect(r.body.errors.response).toEqual([FAILED])
    }

    // A challenge older than 5 minutes is refused.
    const late = new Client()
    const options = await late.post('/v1/auth/passkeys/authentication/options', {})
    clock.shift(6 * 60_000)
    try {
      const r = await late.post('/v1/auth/passkeys/authentication/verify', { response: key.assert(options.body.data) })
      expect(r.status).toBe(422)
      expect(r.body.errors.response).toEqual([CHALLENGE])
    } finally {
      clock.reset()
    }
    // Still works after all that.
    expect((await signInWith(key)).res.status).toBe(200)
  })

  test('a replayed answer sent twice at once signs in once', async () => {
    const a = await actor()
    await reauthenticate(a)
    const { key } = await addPasskey(a)
    const c = new Client()
    const options = await c.post('/v1/auth/passkeys/authentication/options', {})
    const response = key.assert(options.body.data)
    const both = await Promise.all([0, 1, 2, 3].map(() => new Client().post('/v1/auth/passkeys/authentication/verify', { response })))
    expect(both.map((r) => r.status).sort()).toEqual([200, 422, 422, 422])
  })

  test('bad bodies are 422 or 415, never 500', async () => {
    const c = new Client()
    let r = await c.post('/v1/auth/passkeys/authentication/verify', { response: { id: 'x' } })
    expect(r.status).toBe(422)
    r = await c.post('/v1/auth/passkeys/authentication/verify', {
      response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'bm9wZQ', authenticatorData: 'x', signature: 'x' } },
    })
    expect(r.status).toBe(422)
    expect(r.body.errors.response).toEqual([CHALLENGE])
    r = await c.post('/v1/auth/passkeys/authentication/options', { purpose: 'everything' })
    expect(r.status).toBe(422)
    expect(r.body.errors.purpose).toEqual(['The purpose must be sign-in or reauthenticate.'])
    r = await c.post('/v1/auth/passkeys/authentication/options', { purpose: 'reauthenticate' })
    expect(r.status).toBe(401)
    r = await c.post('/v1/auth/passkeys/authentication/verify', 'response=x', { 'content-type': 'application/x-www-form-urlencoded' })
    expect([415, 422]).toContain(r.status)
  })
})

describe('a passkey as the second check', () => {
  test('a passkey answer verifies this session; another person’s passkey does not; signing in with a passkey is no second check', async () => {
    const a = await actor()
    await reauthenticate(a)
    const { key } = await addPasskey(a)
    // A fresh browser signs in with the passkey: that alone does not open sensitive actions.
    const { c } = await signInWith(key)
    expectReauthRequired(await c.post('/v1/auth/tokens', { name: 'ci' }))
    expect((await c.get('/v1/auth/reauthenticate')).body.data).toEqual({ verified: false, verifiedUntil: null, passkeys: 1 })

    const options = await c.post('/v1/auth/passkeys/authentication/options', { purpose: 'reauthenticate' })
    expect(options.body.data.allowCredentials.map((x: any) => x.id)).toEqual([key.id])
    const ok = await c.post('/v1/auth/reauthenticate', { passkey: key.assert(options.body.data) })
    expect(ok.status).toBe(200)
    expect(ok.body.data.verified).toBe(true)
    expect((await c.post('/v1/auth/tokens', { name: 'ci' })).status).toBe(201)

    // Someone else's passkey cannot confirm it's me.
    const b = await actor()
    await reauthenticate(b)
    const theirs = await addPasskey(b)
    const mine = await a.client.post('/v1/auth/passkeys/authentication/options', { purpose: 'reauthenticate' })
    const r = await a.client.post('/v1/auth/reauthenticate', { passkey: theirs.key.assert(mine.body.data) })
    expect(r.status).toBe(422)
    expect(r.body.errors.passkey[0]).toStartWith('This passkey is not registered here.')
    // Without any passkey there is nothing to ask for.
    const none = await (await actor()).client.post('/v1/auth/passkeys/authentication/options', { purpose: 'reauthenticate' })
    expect(none.status).toBe(422)
    expect(none.body.errors.passkey).toEqual(['You have no passkey yet: confirm with a code from your mail.'])
  })
})
