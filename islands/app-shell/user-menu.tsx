/**
 * The user menu (Profile, Settings, Log out): a small menu button of its own (WAI-ARIA menu
 * button: Enter/Space/ArrowDown open, arrows move, Escape closes and returns focus), so the
 * shell ships no positioning library on every page.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'

export interface UserMenuItem {
  label: ReactNode
  onSelect: () => void
  separatorBefore?: boolean
  /** A choice of one (the team switcher): the item is a menuitemradio, checked or not. */
  checked?: boolean
}

/** A menu item is a ghost button spanning the menu, its text at the start. */
const itemCss = css({
  w: 'full',
  h: 'auto',
  minH: '9',
  py: '1.5',
  textAlign: 'start',
  justifyContent: 'flex-start',
  gap: '2',
  px: '2.5',
  fontWeight: 'normal',
  color: 'fg.default',
  '& svg': { w: '4', h: '4' },
})

export function UserMenu({
  trigger,
  items,
  triggerClass,
  triggerVariant = 'ghost',
  placement = 'up',
}: {
  trigger: ReactNode
  items: UserMenuItem[]
  /** Layout of the trigger (a Button of `triggerVariant`). */
  triggerClass: string
  triggerVariant?: 'ghost' | 'outline'
  /** Where the menu opens: above the trigger (the sidebar's footer) or below it (its header). */
  placement?: 'up' | 'down'
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const focusItem = (i: number) => {
    const all = list.current?.querySelectorAll<HTMLButtonElement>('[role^=menuitem]')
    if (!all?.length) return
    all[(i + all.length) % all.length].focus()
  }
  useEffect(() => {
    if (!open) return
    focusItem(0)
    const onDown = (e: MouseEvent) => {
      if (!list.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  return (
    <div className={css({ position: 'relative', flex: '1', minW: '0', display: 'flex' })}>
      <Button
        ref={button}
        variant={triggerVariant}
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        className={triggerClass}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') e.preventDefault(), setOpen(true)
        }}
      >
        {trigger}
      </Button>
      {open ? (
        <div
          ref={list}
          id={`${id}-menu`}
          role="menu"
          data-placement={placement}
          aria-labelledby={`${id}-trigger`}
          className={css({
            position: 'absolute',
            left: '0',
            '&[data-placement=up]': { bottom: 'calc(100% + 4px)' },
            '&[data-placement=down]': { top: 'calc(100% + 4px)', right: '0' },
            minW: '48',
            zIndex: 'dropdown',
            bg: 'bg.default',
            borderWidth: '1px',
            borderColor: 'border.subtle',
            borderRadius: 'l2',
            boxShadow: 'lg',
            p: '1',
            display: 'flex',
            flexDir: 'column',
            gap: '0.5',
          })}
          onKeyDown={(e) => {
            const all = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role^=menuitem]') ?? [])]
            const i = all.indexOf(document.activeElement as HTMLButtonElement)
            if (e.key === 'ArrowDown') e.preventDefault(), focusItem(i + 1)
            else if (e.key === 'ArrowUp') e.preventDefault(), focusItem(i - 1)
            else if (e.key === 'Home') e.preventDefault(), focusItem(0)
            else if (e.key === 'End') e.preventDefault(), focusItem(-1)
            else if (e.key === 'Escape' || e.key === 'Tab') close()
          }}
        >
          {items.map((item, i) => (
            <div
              key={i}
              role="none"
              className={item.separatorBefore ? css({ borderTopWidth: '1px', borderColor: 'border.subtle', pt: '0.5', mt: '0.5' }) : undefined}
            >
              <Button
                variant="ghost"
                role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
                aria-checked={item.checked}
                tabIndex={-1}
                className={itemCss}
                onClick={() => {
                  setOpen(false)
                  item.onSelect()
                }}
              >
                {item.label}
              </Button>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  )
}
