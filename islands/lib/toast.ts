/**
 * Toasts from any island. The toaster store lives in the design system (one per page, shared
 * chunk); its region is mounted once, on demand, as a small client-only root.
 */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster, toaster } from '../../design-system/components/toast/toast'

let mounted = false
export function mountToaster() {
  if (mounted || typeof document === 'undefined') return
  mounted = true
  const el = document.createElement('div')
  el.id = 'summit-toaster'
  document.body.appendChild(el)
  createRoot(el).render(createElement(Toaster))
}

export function notify(opts: { title: string; description?: string; type?: 'success' | 'error' | 'info' | 'warning' | 'loading' }) {
  mountToaster()
  // Let the region subscribe before the first toast lands.
  queueMicrotask(() => toaster.create({ type: opts.type ?? 'info', title: opts.title, description: opts.description }))
}
