/** What every island root is wrapped in, on the server and in the browser alike. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { onIdentityCleared } from '../lib/api'
import { queryDefaults } from '../lib/query'

export function IslandRoot({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: queryDefaults(typeof window !== 'undefined') } }))
  // A 401 clears the stored identity (the cached current user) before going to the login page.
  useEffect(() => onIdentityCleared(() => client.clear()), [client])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
