import { createElement } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Toaster } from '../components/toast/toast'
import { ControlsFixture } from './controls-fixture'

const w = window as unknown as { __errors: string[] }
w.__errors = []
hydrateRoot(document.getElementById('root')!, <ControlsFixture />, {
  identifierPrefix: 'ds-',
  onRecoverableError: (error) => w.__errors.push(`recoverable: ${String(error)}`),
})
// As islands/lib/toast.ts: the toaster in its own root, in a container appended to <body>.
const el = document.createElement('div')
el.id = 'summit-toaster'
document.body.appendChild(el)
createRoot(el).render(createElement(Toaster))
