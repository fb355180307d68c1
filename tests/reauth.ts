/**
 * The second check for tests: sensitive actions (README "A second check before sensitive
 * actions") answer 403 `reauthentication_required` until the session or token made a fresh
 * verification. `reauthenticate(actor)` does it the way a person does: asks for the mailed code,
 * reads it from the SMTP catcher and sends it back. It lasts 10 minutes for that client.
 *
 *   const coach = await actor({ roles: ['coach'], tenant })
 *   await reauthenticate(coach)
 *   await coach.client.post('/v1/payouts/account/link')   // now allowed
 */
import { expect } from 'bun:test'
import type { Client } from './client'
import { extractCode, waitForNewMail } from './mail'

export const REAUTH = { status: 403, code: 'reauthentication_required', message: "Please confirm it's you." } as const

/** Makes a fresh second check for this client (an actor, or a client and the account's email). */
export async function reauthenticate(who: { client: Client; user: { email: string } } | { client: Client; email: string }) {
  const email = 'email' in who ? who.email : who.user.email
  const mail = waitForNewMail(email, (m) => m.subject.includes('confirmation code'))
  const asked = await who.client.post('/v1/auth/reauthenticate', {})
  expect(asked.status).toBe(200)
  const code = extractCode(await mail)
  const done = await who.client.post('/v1/auth/reauthenticate', { code })
  expect(done.status).toBe(200)
  return done.body.data as { verified: true; verifiedUntil: string }
}

/** The answer of a sensitive action without a fresh second check. */
export function expectReauthRequired(res: { status: number; body: any }) {
  expect(res.status).toBe(403)
  expect(res.body).toEqual({ message: REAUTH.message, code: REAUTH.code })
}

/** Signs this client in with a mailed code (a browser's way: a cookie session); answers the sign-in's body. */
export async function signInWithCode(client: Client, email: string, headers: Record<string, string> = {}) {
  const mail = waitForNewMail(email, (m) => m.subject.includes('sign-in code'))
  expect((await client.post('/v1/auth/login-using-otp', { email }, headers)).status).toBe(200)
  const code = extractCode(await mail)
  const r = await client.post('/v1/auth/login-using-otp', { email, code }, headers)
  expect(r.status).toBe(200)
  return r.body.data
}
