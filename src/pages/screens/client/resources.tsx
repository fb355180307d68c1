/** A workshop's resources for an attendee: open links, play videos, download files. */
import { css } from 'styled-system/css'
import type { ClientResourceRow } from '../../../modules/bookings'
import { Empty, linkClass, mutedText } from './parts'

const TYPE: Record<string, string> = { file: 'File', link: 'Link', video: 'Video', document: 'Document', agent: 'Agent', bundle: 'Bundle' }

function videoEmbed(url: string) {
  const yt = /(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,})/.exec(url)
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`
  const vimeo = /vimeo\.com\/(\d+)/.exec(url)
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`
  return null
}

export function ResourceList({ rows, attending }: { rows: ClientResourceRow[]; attending: boolean }) {
  if (!rows.length)
    return (
      <Empty>
        {attending
          ? 'The coach has not shared resources for this workshop yet.'
          : 'Resources open to confirmed attendees. Pay or accept your seat to see them.'}
      </Empty>
    )
  return (
    <ul className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      {rows.map((r) => {
        const direct = r.type === 'video' && r.url && /\.(mp4|webm|ogg)(\?|$)/i.test(r.url)
        const embed = r.type === 'video' && r.url && !direct ? videoEmbed(r.url) : null
        return (
          <li
            key={r.id}
            className={css({ display: 'flex', flexDir: 'column', gap: '1', borderWidth: '1px', borderColor: 'border.subtle', borderRadius: 'l2', p: '3' })}
          >
            <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' })}>{TYPE[r.type] ?? r.type}</span>
            <strong>{r.title}</strong>
            {r.description ? <p className={mutedText}>{r.description}</p> : null}
            {direct ? (
              <video controls preload="none" src={r.url!} className={css({ w: 'full', maxW: 'xl', borderRadius: 'l2' })}>
                <track kind="captions" />
              </video>
            ) : null}
            {r.url ? (
              <a className={linkClass} href={r.url} target="_blank" rel="noopener noreferrer">
                {r.type === 'video' ? (embed ? 'Play video' : 'Open video') : 'Open link'}
              </a>
            ) : null}
            {r.fileUrl ? (
              <a className={linkClass} href={r.fileUrl} download>
                Download{r.fileSize ? ` (${Math.max(1, Math.round(r.fileSize / 1024))} KB)` : ''}
              </a>
            ) : !r.url ? (
              <span className={mutedText}>Ask the coach for this file.</span>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
