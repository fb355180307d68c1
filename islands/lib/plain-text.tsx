/** Text as text: line breaks kept, web addresses turned into links, nothing else interpreted. */
import { css } from 'styled-system/css'

const URL_RE = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g
const link = css({ color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' })

export function PlainText({ text }: { text: string }) {
  const parts = text.split(URL_RE)
  return (
    <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', lineHeight: '1.5' })}>
      {parts.map((p, i) =>
        i % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; they never move
          <a key={i} href={p} className={link} target="_blank" rel="noopener noreferrer nofollow">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </p>
  )
}
