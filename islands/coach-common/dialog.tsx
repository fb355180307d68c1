/** A modal on the native <dialog> element: focus trap, Escape and the top layer come from the browser. */
import { type ReactNode, useEffect, useRef } from 'react'
import { css } from 'styled-system/css'

export function Modal({ open, onClose, title, children, wide }: { open: boolean; onClose: () => void; title: string; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      className={css({
        m: 'auto',
        p: '0',
        w: 'calc(100vw - 1.5rem)',
        maxW: wide ? '3xl' : 'lg',
        maxH: 'calc(100dvh - 1.5rem)',
        borderRadius: 'l3',
        bg: 'bg.default',
        color: 'fg.default',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        boxShadow: 'lg',
        overflow: 'auto',
        '&::backdrop': { bg: 'rgba(0,0,0,0.45)' },
      })}
    >
      {open && (
        <div className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDir: 'column', gap: '4' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' })}>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{title}</h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className={css({ w: '9', h: '9', borderRadius: 'l2', fontSize: 'xl', _hover: { bg: 'bg.subtle' }, cursor: 'pointer' })}
            >
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  )
}
