/**
 * Toasts from any island. The toaster store lives in the design system (one per page, shared
 * chunk) and is loaded on first use, so pages that never toast do not download it; its region
 * is mounted once, on demand, as a small client-only root.
 */
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

type ToastModule = typeof import('../../design-system/components/toast/toast')
let toastModule: Promise<ToastModule> | null = null
const load = () => (toastModule ??= import('../../design-system/components/toast/toast'))

let mounted = false
export function mountToaster() {
  if (mounted || typeof document === 'undefined') return
  mounted = true
  void load().then(({ Toaster }) => {
    const el = document.createElement('div')
    el.id = 'summit-toaster'
    document.body.appendChild(el)
    createRoot(el).render(createElement(Toaster))
  })
}

export function notify(opts: { title: string; description?: string; type?: 'success' | 'error' | 'info' | 'warning' | 'loading' }) {
  mountToaster()
  // After the region has subscribed, so the first toast shows too.
  void load().then(({ toaster }) => setTimeout(() => toaster.create({ type: opts.type ?? 'info', title: opts.title, description: opts.description }), 0))
}
