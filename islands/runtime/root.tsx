/** What every island root is wrapped in, on the server and in the browser alike. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { queryDefaults } from '../lib/query'

export function IslandRoot({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: queryDefaults(typeof window !== 'undefined') } }))
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
