/**
 * `<Island name props>`: renders an island on the server as its own React root (its own
 * `identifierPrefix`), inlines that HTML, and places beside it the escaped JSON props and the
 * island's script. The browser hydrates each island as soon as its script and HTML are there
 * (islands/runtime). The first island of a page also emits the tiny bootstrap; a page with no
 * island emits no script at all.
 */
import { createContext, useContext } from 'react'
import { renderToString } from 'react-dom/server'
import * as v from 'valibot'
import { type IslandName, type IslandProps, islands } from '../../islands/registry'
import { BOOTSTRAP } from '../../islands/runtime/bootstrap'
import { IslandRoot } from '../../islands/runtime/root'
import { islandScript } from '../platform/assets/assets'

export interface IslandState {
  count: number
  bootstrapped: boolean
  /** Script URLs the page loads, for tests and the bench. */
  scripts: Set<string>
  /** Nonce of this response's Content-Security-Policy, carried by the inline scripts. */
  nonce?: string
}
export const IslandContext = createContext<IslandState | null>(null)

/** JSON that is safe inside <script>: no `<` (so no `</script>`), no line separators. */
export const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const state = useContext(IslandContext)
  if (!state) throw new Error('Island rendered outside a page')
  const def = islands[name]
  const parsed = v.parse(def.props as v.GenericSchema, props) as IslandProps<N>
  const id = `i${state.count++}`
  const Component = def.Component as any
  const html = renderToString(
    <IslandRoot>
      <Component {...parsed} />
    </IslandRoot>,
    { identifierPrefix: `${id}-` },
  )
  const src = islandScript(name)
  state.scripts.add(src)
  const nonce = state.nonce ? ` nonce="${state.nonce}"` : ''
  let tail = `<script type="application/json" id="${id}-props">${escapeJson(parsed)}</script>`
  if (!state.bootstrapped) {
    state.bootstrapped = true
    tail += `<script${nonce}>${BOOTSTRAP}</script>`
  }
  tail += `<script type="module" async src="${src}"></script><script${nonce}>__SI.r("${id}","${name}")</script>`
  return (
    <summit-island
      data-island={name}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: `<div id="${id}" style="display:contents">${html}</div>${tail}` }}
    />
  )
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'summit-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { 'data-island'?: string }
    }
  }
}
