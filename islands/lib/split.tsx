/**
 * A part of an island whose code is not in the page's first load: `split(() => import('./x'))`.
 * The server renders it like any component (its module is imported when this file loads, long
 * before the first page is rendered), so the page paints complete from the HTML. In the browser
 * the island's own script stays small and fetches the part after first paint: give the island a
 * static `prepare = () => Part.preload()` and the runtime (runtime/client-bare.tsx) hydrates
 * once the part is there, so every control works as soon as the island is marked hydrated.
 * Until then React keeps the server's HTML (a Suspense boundary around the part).
 */
import { type ComponentType, type JSX, lazy, Suspense } from 'react'

type Module<P> = { default: ComponentType<P> }

export function split<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined
  let pending: Promise<Module<P>> | undefined
  const preload = () => (pending ??= load().then((m) => (loaded = m)))
  // A loaded part resolves synchronously (a thenable that calls back at once), so rendering
  // it after preload never suspends: the same HTML on the server and the same tree in hydration.
  const settled = (m: Module<P>) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, React.lazy reads it without suspending.
    ({ then: (ok: (m: Module<P>) => void) => ok(m) }) as unknown as Promise<Module<P>>
  const Lazy = lazy(() => (loaded ? settled(loaded) : preload()))
  if (typeof window === 'undefined') void preload()
  // biome-ignore lint/correctness/noComponentHookFactories: split() runs once per part, at module level (never inside a render).
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    )
  }
  Part.preload = preload
  return Part
}
