/** The HTML document around every page: title, site meta, social preview, CSS, colour mode. */
import type { ReactNode } from 'react'
import { cookieColorModeScript, htmlColorModeAttributes, parseColorMode } from '../../design-system/color-mode'
import { config } from '../config'
import { cssHref } from '../platform/assets/assets'
import type { PageMeta } from './routes'

export const TAGLINE = "The world's #1 marketplace for coaches and consultants"
export const SHORT_NAME = config.SITE_NAME
export const OG_IMAGE = '/og-image.png'

/** '{page title} | Summit', plus ' (development)' or ' (test)' outside production. */
export function pageTitle(title: string) {
  const base = title ? `${title} | ${config.SITE_NAME}` : config.SITE_NAME
  return config.production ? base : `${base} (${config.NODE_ENV})`
}

export function Document({
  title,
  description,
  colorMode,
  path,
  meta = {},
  cookieColorMode = false,
  children,
}: {
  title: string
  description?: string
  colorMode: string
  path: string
  /** Canonical address, preview image, og:type, noindex (render.tsx fills the defaults). */
  meta?: PageMeta
  /** A page rendered the same for everyone (public-cache.ts): the visitor's colour-mode cookie is applied in the browser. */
  cookieColorMode?: boolean
  children: ReactNode
}) {
  const css = cssHref()
  const full = pageTitle(title)
  const text = meta.description ?? description ?? TAGLINE
  const image = meta.image ?? { url: config.APP_URL + OG_IMAGE, width: 1200, height: 630, alt: `${config.SITE_NAME}: ${TAGLINE}`, type: 'image/png' }
  const canonical = meta.noindex ? undefined : meta.canonical
  return (
    <html lang="en" {...htmlColorModeAttributes(parseColorMode(colorMode))}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{full}</title>
        <meta name="description" content={text} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        {canonical && <link rel="canonical" href={canonical} />}
        <meta name="application-name" content={SHORT_NAME} />
        <meta name="apple-mobile-web-app-title" content={SHORT_NAME} />
        <meta name="color-scheme" content={colorMode === 'auto' ? 'light dark' : colorMode} />
        <meta property="og:site_name" content={config.SITE_NAME} />
        <meta property="og:title" content={full} />
        <meta property="og:description" content={text} />
        <meta property="og:type" content={meta.type ?? 'website'} />
        <meta property="og:url" content={canonical ?? config.APP_URL + path} />
        <meta property="og:image" content={image.url} />
        {image.type && <meta property="og:image:type" content={image.type} />}
        <meta property="og:image:width" content={String(image.width)} />
        <meta property="og:image:height" content={String(image.height)} />
        <meta property="og:image:alt" content={image.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={full} />
        <meta name="twitter:description" content={text} />
        <meta name="twitter:image" content={image.url} />
        <meta name="twitter:image:alt" content={image.alt} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {css && <link rel="stylesheet" href={css} />}
        {cookieColorMode && colorMode === 'auto' && <script dangerouslySetInnerHTML={{ __html: cookieColorModeScript }} />}
      </head>
      <body>{children}</body>
    </html>
  )
}
