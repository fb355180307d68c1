import { hydrateRoot } from 'react-dom/client'
import { HydrationFixture } from './hydration-fixture'

const w = window as unknown as { __errors: string[]; __hydrated: boolean }
w.__errors = []
hydrateRoot(document.getElementById('root')!, <HydrationFixture />, {
  identifierPrefix: 'ds-',
  onRecoverableError: (error) => w.__errors.push(`recoverable: ${String(error)}`),
})
setTimeout(() => {
  w.__hydrated = true
}, 300)
