import { config } from '../../config'
import { layout, type Rendered } from '../../platform/mail'
import type { OtpPurpose } from './auth.entity'

/** The mail that carries a one-time code (and, for sign-in, a one-click link). */
export function codeMail(purpose: OtpPurpose, code: string, opts: { link?: string; minutes: number; existing?: boolean }): Rendered {
  const site = config.SITE_NAME
  const expiry = `The code expires in ${opts.minutes} minutes and works once.`
  const ignore = `If you did not ask for it, you can ignore this message: nothing changes without the code.`
  switch (purpose) {
    case 'register':
      if (opts.existing)
        return layout(`${code} is your ${site} sign-in code`, `You already have a ${site} account`, [
          { p: 'Someone (hopefully you) asked to create an account with this address, which already has one. Enter this code to sign in instead:' },
          { code },
          { p: expiry },
          { p: ignore },
        ])
      return layout(`${code} is your ${site} verification code`, `Welcome to ${site}`, [
        { p: 'Enter this code to confirm your email address and finish creating your account:' },
        { code },
        { p: expiry },
        { p: ignore },
      ])
    case 'verify-email':
      return layout(`${code} is your ${site} email verification code`, 'Verify your email address', [
        { p: `Enter this code in ${site} to verify this email address:` },
        { code },
        { p: expiry },
        { p: ignore },
      ])
    default:
      return layout(`${code} is your ${site} sign-in code`, `Sign in to ${site}`, [
        { p: 'Enter this code to sign in:' },
        { code },
        ...(opts.link ? [{ p: 'Or sign in with one click:' }, { button: { label: `Sign in to ${site}`, url: opts.link } }] : []),
        { p: `${expiry}${opts.link ? ' So does the link.' : ''}` },
        { p: ignore },
      ])
  }
}
