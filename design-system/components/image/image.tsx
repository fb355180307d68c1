import { forwardRef } from 'react'
import { styled } from 'styled-system/jsx/factory'
import type { HTMLStyledProps } from 'styled-system/types/jsx'
import { type Breakpoint, type ImageFormat, imageSizes, imageSrcSet, imageUrl } from './image-src'

export type ImageProps = Omit<HTMLStyledProps<'img'>, 'src' | 'sizes'> & {
  src: string
  alt: string
  /** Fixed CSS width in px: density candidates 1x/2x. Omit for breakpoint candidates. */
  width?: number
  height?: number
  /** Per-breakpoint display widths (with no `width`). */
  sizes?: Partial<Record<Breakpoint | 'base', string>>
  format?: ImageFormat
}

/** A lazily loaded responsive image (breakpoints, densities and webp of section 9). */
export const Image = forwardRef<HTMLImageElement, ImageProps>(function Image(
  { src, alt, width, height, sizes, format, loading = 'lazy', decoding = 'async', ...rest },
  ref,
) {
  const srcSet = imageSrcSet(src, { width, format })
  return (
    <styled.img
      ref={ref}
      src={imageUrl(src, { width, format })}
      srcSet={srcSet}
      sizes={srcSet && !width ? imageSizes(sizes ?? {}) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding={decoding}
      {...rest}
    />
  )
})
