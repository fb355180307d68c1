/**
 * The browser half of islands that use no query cache (sign-in, checkout): the same as
 * client.tsx but hydrated without IslandRoot's QueryClientProvider, so their first load does
 * not carry the query library. The provider renders no element and creates no fork in the
 * tree, so the server's HTML (rendered inside IslandRoot) and `useId` values match.
 * An island may have a static `prepare(props)` whose promise is awaited before hydrating.
 * Every island uses it (runtime/client.tsx re-exports it).
 */

import { type ComponentType, type ReactNode, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Marks the island hydrated after its children's effects ran. No element and no fork: the tree (and useId) matches the server's. */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = '1'
  }, [el])
  return children
}

export function define(name: string, Component: ComponentType<any>) {
  window.__SI.d(name, (id: string) => {
    const el = document.getElementById(id)
    const script = document.getElementById(`${id}-props`)
    if (!el || !script || el.dataset.si) return
    el.dataset.si = '1'
    const props = JSON.parse(script.textContent || '{}')
    // `data-hydrated` (what tests and tools wait for) is set once React has hydrated the island
    // and run its effects (after any `prepare`): from then on every control of it works.
    const hydrate = () =>
      hydrateRoot(
        el,
        <Hydrated el={el}>
          <Component {...props} />
        </Hydrated>,
        {
          identifierPrefix: `${id}-`,
          onRecoverableError(error) {
            console.error(`Island ${name} (${id}) could not hydrate cleanly`, error)
          },
        },
      )
    // An island may need a split-off part before it can match the server's HTML (`prepare`).
    const ready = (Component as { prepare?: (props: unknown) => Promise<unknown> | undefined }).prepare?.(props)
    if (ready) void ready.then(hydrate, hydrate)
    else hydrate()
  })
}
