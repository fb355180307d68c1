/**
 * The client-seats island: the seats table and the invite form are a split part (lib/split) in ./seats.tsx. The page paints from
 * the server's HTML; the island hydrates when that code has arrived, after first paint.
 */
import { split } from '../lib/split'
import type { ClientSeatsProps } from './props'

const Part = split(() => import('./seats'))

export default function ClientSeats(props: ClientSeatsProps) {
  return <Part {...props} />
}
ClientSeats.prepare = () => Part.preload()
