/**
 * /unsubscribe/{token}: where the unsubscribe link of a reminder or feedback-request mail
 * leads. Opening it changes nothing (link scanners open links too, RFC 8058): one button posts
 * the form (`POST /unsubscribe/{token}`, no JavaScript) and the page then confirms, with a way
 * to turn the mails back on. A link that is not valid is the 404 page.
 */
import { css } from 'styled-system/css'
import { preferencesOf, readUnsubscribeToken } from '../../modules/notifications'
import { KIND_LABELS, type NotificationKind, PREFERENCE_KEYS } from '../../modules/notifications/notification.schema'
import { buttonLink } from '../layouts/parts'
import type { PageContext, PageModule } from '../routes'

async function load(ctx: PageContext) {
  const who = readUnsubscribeToken(ctx.params.token ?? '')
  if (!who) return null
  const [user] = await ctx.em.getConnection().execute<{ email: string }[]>(`select email from users where id = ? and deleted_at is null`, [who.userId])
  if (!user) return null
  const prefs = await preferencesOf(ctx.em, who.userId)
  const key = (Object.keys(PREFERENCE_KEYS) as (keyof typeof PREFERENCE_KEYS)[]).find((k) => PREFERENCE_KEYS[k] === who.kind)!
  return {
    token: ctx.params.token,
    kind: who.kind as NotificationKind,
    email: maskEmail(user.email),
    on: prefs[key],
    done: ctx.url.searchParams.has('done'),
    resubscribed: ctx.url.searchParams.has('resubscribed'),
    signedIn: !!ctx.user,
  }
}
type Data = NonNullable<Awaited<ReturnType<typeof load>>>

/** "ma***@example.com": enough to recognise one's own address, not to learn someone else's. */
function maskEmail(email: string) {
  const [name, domain] = email.split('@')
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, Math.min(6, name.length - 2)))}@${domain}`
}

const box = css({ maxW: 'xl', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '10', md: '16' } })
const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '5', md: '8' },
  display: 'flex',
  flexDir: 'column',
  gap: '4',
  alignItems: 'flex-start',
})
const submit = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '10',
  px: '4',
  borderRadius: 'l2',
  fontWeight: 'semibold',
  cursor: 'pointer',
  bg: 'colorPalette.default',
  color: 'colorPalette.fg',
  _hover: { bg: 'colorPalette.emphasized' },
  _focusVisible: { outline: '2px solid', outlineColor: 'fg.default', outlineOffset: '2px' },
})
const quiet = css({ fontSize: 'sm', textDecoration: 'underline', cursor: 'pointer', color: 'fg.muted', bg: 'transparent' })

function Page({ data }: { data: Data }) {
  const what = KIND_LABELS[data.kind].plural
  const action = `/unsubscribe/${encodeURIComponent(data.token)}`
  const settings = (
    <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
      You can choose every kind of mail in Settings, Preferences{data.signedIn ? '' : ' once you have signed in'}.
    </p>
  )
  return (
    <div className={box}>
      <div className={card}>
        {data.on ? (
          <>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{data.resubscribed ? `You will get ${what} again` : `Stop ${what}?`}</h1>
            <p>
              {data.resubscribed
                ? `They are turned back on for ${data.email}.`
                : `${data.email} will no longer get ${what}. Other mail about your bookings (confirmations, changes) still comes.`}
            </p>
            {data.resubscribed ? null : (
              <form method="post" action={action}>
                <button type="submit" className={submit}>
                  Unsubscribe
                </button>
              </form>
            )}
            {settings}
          </>
        ) : (
          <div role="status" className={css({ display: 'flex', flexDir: 'column', gap: '4', alignItems: 'flex-start' })}>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>You are unsubscribed</h1>
            <p>
              {data.email} will no longer get {what}.
            </p>
            <form method="post" action={action}>
              <input type="hidden" name="action" value="resubscribe" />
              <button type="submit" className={quiet}>
                Changed your mind? Turn them back on
              </button>
            </form>
            {settings}
          </div>
        )}
        <a className={buttonLink('outline')} href={data.signedIn ? '/b' : '/workshops'}>
          {data.signedIn ? 'Go to dashboard' : 'Browse workshops'}
        </a>
      </div>
    </div>
  )
}

export default {
  title: (d: Data) => (d.on ? 'Unsubscribe' : 'Unsubscribed'),
  load,
  Page,
} satisfies PageModule<Data>
