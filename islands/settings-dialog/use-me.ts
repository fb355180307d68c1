/** The signed-in user in the query cache (seeded by the server's props) and the one save path. */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { get, patch } from '../lib/api'
import { notify } from '../lib/toast'
import { publishUser } from '../lib/user-events'
import type { Me } from './props'

export const ME_KEY = ['auth', 'me'] as const
export const SAVED = { title: 'User Updated', description: 'Successfully updated.' } as const

export function useMe(initial: Me) {
  return useQuery({ queryKey: ME_KEY, queryFn: () => get<{ data: Me }>('/v1/auth/me').then((r) => r.data), initialData: initial, staleTime: 60_000 }).data
}

/** PATCH /v1/users/{id} with a partial user; success toast and fresh cache. Errors are the caller's (422) or the client's (toast). */
export function useSaveUser(id: string) {
  const qc = useQueryClient()
  return useCallback(
    async (body: Record<string, unknown>) => {
      const res = await patch<{ data: Me }>(`/v1/users/${id}`, body)
      qc.setQueryData(ME_KEY, res.data)
      publishUser(res.data)
      notify({ type: 'success', ...SAVED })
      return res.data
    },
    [id, qc],
  )
}
