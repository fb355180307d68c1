import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { UserIcon } from 'lucide-react'
import { forwardRef } from 'react'
import { type AvatarVariantProps, avatar } from 'styled-system/recipes/avatar'
import type { HTMLStyledProps } from 'styled-system/types/jsx'
import { createStyleContext } from '../../utils/create-style-context'
import { imageProviderUrl } from '../image/image-src'

/**
 * Fallback initials: the first letter of each of the first two words of the alt text, at
 * most 2 characters, upper-cased ('Ada Lovelace' -> 'AL', 'cher' -> 'C', '' -> '').
 */
export function initials(alt: string | null | undefined): string {
  if (!alt) return ''
  return alt
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
}

const { withProvider, withContext } = createStyleContext(avatar)

export const AvatarRoot = withProvider(ArkAvatar.Root, 'root')
export const AvatarImage = withContext(ArkAvatar.Image, 'image')
export const AvatarFallback = withContext(ArkAvatar.Fallback, 'fallback')

export type AvatarProps = Omit<HTMLStyledProps<'div'>, 'children'> &
  AvatarVariantProps & {
    /** Image source: absolute URL, root path, or a stored file id/key (served by the image provider). */
    src?: string | null
    /** Alt text; also gives the fallback initials when no label is given. */
    alt?: string
    /** Text shown instead of the initials. */
    label?: string
  }

/** A user's picture with an initials (or icon) fallback while loading or when missing. */
export const Avatar = forwardRef<HTMLDivElement, AvatarProps>(function Avatar({ src, alt = '', label, ...rest }, ref) {
  const text = label ?? initials(alt)
  const source = imageProviderUrl(src)
  return (
    <AvatarRoot ref={ref} {...(rest as object)}>
      <AvatarFallback aria-label={alt || undefined}>{text || <UserIcon aria-hidden />}</AvatarFallback>
      {source ? <AvatarImage src={source} alt={alt} /> : null}
    </AvatarRoot>
  )
})
