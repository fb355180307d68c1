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

/**
 * Islands whose server HTML is a function of their props alone (no clock, no request state):
 * the shell and the settings dialog, on every area page, and the data tables of the list pages
 * (the server formats every cell into the props). Their HTML is kept in a small LRU keyed by
 * name, id prefix and the exact props, so a repeat visit skips their render. The key is the
 * props themselves: a hit is the HTML of exactly these props, whoever asks, and any change of
 * the data is a new key. Bounded by entries and by bytes.
 */
const PURE = new Set<IslandName>(['app-shell', 'settings-dialog', 'data-table'])
const MEMO_MAX = 300
const MEMO_KEY_MAX = 96_000
const MEMO_BYTES_MAX = 24_000_000
const memo = new Map<string, string>()
let memoBytes = 0

function memoized(name: IslandName, key: string, render: () => string): string {
  if (!PURE.has(name) || key.length > MEMO_KEY_MAX) return render()
  const k = `${name}\u0000${key}`
  const hit = memo.get(k)
  if (hit !== undefined) {
    memo.delete(k)
    memo.set(k, hit)
    return hit
  }
  const html = render()
  memo.set(k, html)
  memoBytes += k.length + html.length
  while (memo.size > MEMO_MAX || memoBytes > MEMO_BYTES_MAX) {
    const [oldKey, oldHtml] = memo.entries().next().value!
    memo.delete(oldKey)
    memoBytes -= oldKey.length + oldHtml.length
  }
  return html
}

export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const state = useContext(IslandContext)
  if (!state) throw new Error('Island rendered outside a page')
  const def = islands[name]
  const parsed = v.parse(def.props as v.GenericSchema, props) as IslandProps<N>
  const id = `i${state.count++}`
  const Component = def.Component as any
  const json = escapeJson(parsed)
  const html = memoized(name, `${id}\u0000${json}`, () =>
    renderToString(
      <IslandRoot>
        <Component {...parsed} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    ),
  )
  const src = islandScript(name)
  state.scripts.add(src)
  const nonce = state.nonce ? ` nonce="${state.nonce}"` : ''
  let tail = `<script type="application/json" id="${id}-props">${json}</script>`
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
