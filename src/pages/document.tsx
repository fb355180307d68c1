/** The HTML document around every page: title, site meta, social preview, CSS, colour mode. */
import type { ReactNode } from 'react'
import { htmlColorModeAttributes, parseColorMode } from '../../design-system/color-mode'
import { config } from '../config'
import { cssHref } from '../platform/assets/assets'

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
  children,
}: {
  title: string
  description?: string
  colorMode: string
  path: string
  children: ReactNode
}) {
  const css = cssHref()
  const full = pageTitle(title)
  return (
    <html lang="en" {...htmlColorModeAttributes(parseColorMode(colorMode))}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{full}</title>
        <meta name="description" content={description ?? TAGLINE} />
        <meta name="application-name" content={SHORT_NAME} />
        <meta name="apple-mobile-web-app-title" content={SHORT_NAME} />
        <meta name="color-scheme" content={colorMode === 'auto' ? 'light dark' : colorMode} />
        <meta property="og:site_name" content={config.SITE_NAME} />
        <meta property="og:title" content={full} />
        <meta property="og:description" content={description ?? TAGLINE} />
        <meta property="og:type" content="website" />
        <meta property="og:url" content={config.APP_URL + path} />
        <meta property="og:image" content={config.APP_URL + OG_IMAGE} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:image" content={config.APP_URL + OG_IMAGE} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {css && <link rel="stylesheet" href={css} />}
      </head>
      <body>{children}</body>
    </html>
  )
}
