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
    case 'reauthenticate':
      return layout(`${code} is your ${site} confirmation code`, "Confirm it's you", [
        {
          p: `Someone (hopefully you) is about to make a sensitive change in your ${site} account: linking a payout account, changing roles, removing people, creating an API token or deleting the account. Enter this code to confirm it:`,
        },
        { code },
        { p: expiry },
        { p: `If it was not you, do not share this code with anyone, and sign out the sessions you do not know in Settings › Where you're signed in.` },
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

const whenFmt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })

/** A sign-in from a device the account has not used before. */
export function newDeviceMail(opts: { device: string; place: string; at: Date }): Rendered {
  const site = config.SITE_NAME
  return layout(`New sign-in to your ${site} account`, 'A new device signed in', [
    { p: `Your ${site} account was just signed in to from a device it has not used before:` },
    { p: `${opts.device} · ${opts.place} · ${whenFmt.format(opts.at)} UTC` },
    { p: 'If this was you, there is nothing to do.' },
    {
      p: `If it was not you, open Settings › Where you're signed in to sign that session out, and add a passkey so a mailed code alone is not enough to make sensitive changes.`,
    },
    { button: { label: 'Review where you are signed in', url: `${config.APP_URL}/b?settings=security` } },
  ])
}
