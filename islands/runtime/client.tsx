/**
 * Browser half of the islands: each island module calls `define(name, Component)`; the
 * bootstrap then hands it every element of that island whose HTML has arrived. Each island
 * is its own React root, hydrated with the same identifierPrefix the server used.
 */

import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { IslandRoot } from './root'

declare global {
  interface Window {
    __SI: { d(name: string, hydrate: (id: string) => void): void; r(id: string, name: string): void }
  }
}

export function define(name: string, Component: ComponentType<any>) {
  window.__SI.d(name, (id) => {
    const el = document.getElementById(id)
    const script = document.getElementById(`${id}-props`)
    if (!el || !script || el.dataset.hydrated) return
    el.dataset.hydrated = '1'
    const props = JSON.parse(script.textContent || '{}')
    hydrateRoot(
      el,
      <IslandRoot>
        <Component {...props} />
      </IslandRoot>,
      {
        identifierPrefix: `${id}-`,
        onRecoverableError(error) {
          console.error(`Island ${name} (${id}) could not hydrate cleanly`, error)
        },
      },
    )
  })
}
