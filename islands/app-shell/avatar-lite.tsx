/**
 * The shell's avatar: the design system's avatar recipe with a plain image and initials, so
 * every area page does not load a component state machine for one picture.
 */
import { useState } from 'react'
import { avatar } from 'styled-system/recipes/avatar'
import { imageProviderUrl } from '../../design-system/components/image/image-src'

const initialsOf = (alt: string) =>
  alt
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase()

export function AvatarLite({ src, alt }: { src: string | null; alt: string }) {
  const classes = avatar({ size: 'sm' })
  const source = imageProviderUrl(src)
  const [failed, setFailed] = useState(false)
  return (
    <div className={classes.root}>
      {source && !failed ? (
        <img className={classes.image} src={source} alt={alt} onError={() => setFailed(true)} />
      ) : (
        <span className={classes.fallback} aria-hidden>
          {initialsOf(alt)}
        </span>
      )}
    </div>
  )
}
