/**
 * Browser half of the islands: each island module calls `define(name, Component)`; the
 * bootstrap then hands it every element of that island whose HTML has arrived. Each island
 * is its own React root, hydrated with the same identifierPrefix the server used.
 *
 * No island root carries the query cache's provider any more: the few parts that use React
 * Query (the settings dialog's content, the profile page) wrap themselves in `IslandRoot`
 * (runtime/root.tsx), so the query library is not in every page's first load. The provider
 * renders no element, so the server's HTML (rendered inside IslandRoot) still matches.
 */
export { define } from './client-bare'

declare global {
  interface Window {
    __SI: { d(name: string, hydrate: (id: string) => void): void; r(id: string, name: string): void }
  }
}
