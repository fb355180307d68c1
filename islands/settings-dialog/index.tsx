/**
 * The Settings dialog island. Closed, it renders nothing (on the server too), so its code (the
 * forms, the table, drag and drop) is fetched only when the dialog first opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { useSettingsOpen } from '../lib/settings-store'
import type { SettingsDialogProps } from './props'

const Content = lazy(() => import('./dialog'))

export default function SettingsDialog(props: SettingsDialogProps) {
  const open = useSettingsOpen()
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (open) setWanted(true)
  }, [open])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  )
}
