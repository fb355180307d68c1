/**
 * What the server puts in <head> before the stylesheet: resolves `auto` colour mode and the
 * stored sidebar flag before first paint (no flash).
 *
 *   <html lang="en" {...htmlColorModeAttributes(preference)}>
 *     <head><HeadScript /><link rel="stylesheet" href="/styles.css" /></head>
 */
import { colorModeScript } from './color-mode'
import { sidebarStateScript } from './components/sidebar/use-sidebar-open'

export const headScript = `${colorModeScript};${sidebarStateScript}`

export function HeadScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: headScript }} />
}
