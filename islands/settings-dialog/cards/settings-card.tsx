/** One Account card: title, description, its fields, a footer note and its own Save button. */
import type { ReactNode, RefObject } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../design-system/components/button/button'
import { Card } from '../../../design-system/components/card/card'

export function SettingsCard({
  id,
  title,
  description,
  note,
  dirty,
  saving,
  onSave,
  children,
  rootRef,
  action,
}: {
  id: string
  title: ReactNode
  description?: ReactNode
  note?: ReactNode
  dirty: boolean
  saving: boolean
  onSave?: () => void
  children: ReactNode
  rootRef?: RefObject<HTMLFormElement | null>
  action?: ReactNode
}) {
  return (
    <Card.Root asChild>
      <form
        ref={rootRef}
        noValidate
        aria-labelledby={`${id}-title`}
        data-card={id}
        onSubmit={(e) => {
          e.preventDefault()
          e.stopPropagation()
          if (dirty && !saving) onSave?.()
        }}
      >
        <Card.Header>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })}>
            <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
              <Card.Title id={`${id}-title`}>{title}</Card.Title>
              {description ? <Card.Description>{description}</Card.Description> : null}
            </div>
            {action}
          </div>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        <Card.Footer className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', flex: '1', minW: '0' })}>{note}</p>
          <Button type="submit" disabled={!dirty || saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  )
}
