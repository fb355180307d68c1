/**
 * The shell's sidebar counts and search entries arrive after the page's first bytes: the
 * layout streams them as an inline script (`window.__SS` plus a `summit:shell-summary` event),
 * whichever comes first of that script and the shell's hydration.
 */
import type { AppShellProps } from './props'

export type ShellSummary = Pick<AppShellProps, 'counts' | 'entries'>
export const SHELL_SUMMARY_EVENT = 'summit:shell-summary'

declare global {
  interface Window {
    __SS?: ShellSummary
  }
}

export function onShellSummary(fn: (s: ShellSummary) => void): () => void {
  if (window.__SS) fn(window.__SS)
  const handler = (e: Event) => fn((e as CustomEvent<ShellSummary>).detail)
  window.addEventListener(SHELL_SUMMARY_EVENT, handler)
  return () => window.removeEventListener(SHELL_SUMMARY_EVENT, handler)
}
