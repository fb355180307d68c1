/** The error page of section 2: status message, 'Something went wrong.', Return to Home. */
import { css } from 'styled-system/css'
import { buttonLink } from '../layouts/parts'

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Page Not Found',
  419: 'Page Expired',
  429: 'Too Many Requests',
  500: 'Server Error',
  503: 'Service Unavailable',
}

export function ErrorScreen({ status, message }: { status: number; message?: string }) {
  const statusMessage = message ?? (status === 403 ? 'This page is for coaches only.' : (STATUS_TEXT[status] ?? 'Error'))
  return (
    <section
      className={css({
        maxW: '2xl',
        mx: 'auto',
        px: '6',
        py: { base: '16', md: '24' },
        textAlign: 'center',
        display: 'flex',
        flexDir: 'column',
        alignItems: 'center',
        gap: '4',
      })}
    >
      <p className={css({ fontSize: '6xl', fontWeight: 'bold', color: 'fg.muted', lineHeight: '1' })}>{status}</p>
      <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold', wordBreak: 'break-word' })}>{statusMessage}</h1>
      <p className={css({ color: 'fg.muted' })}>Something went wrong.</p>
      <a href="/" className={buttonLink()}>
        Return to Home
      </a>
    </section>
  )
}
