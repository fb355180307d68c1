/**
 * What an area page shows while its data streams in: the page's title at its real size and
 * placeholder cards shaped like the page below it (design-system Skeleton), so nothing jumps
 * when the content replaces it.
 */
import { css } from 'styled-system/css'
import { Skeleton } from '../../../design-system/components/skeleton/skeleton'

const stack = css({ display: 'flex', flexDir: 'column', gap: '6' })
const heading = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })
const cards = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4' })
const card = css({
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  p: { base: '4', md: '5' },
  display: 'flex',
  flexDir: 'column',
  gap: '3',
})
const line = (w: string) => css({ h: '4', w, borderRadius: 'l1' })

function CardSkeleton({ rows }: { rows: number }) {
  return (
    <div className={card}>
      <Skeleton className={line('40%')} />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Skeleton key={i} className={line(i % 2 ? '70%' : '90%')} />
      ))}
    </div>
  )
}

/**
 * `layout`: 'cards' (dashboards: a grid of cards) or 'table' (lists: one wide card of rows).
 * `bare`: the placeholders only, for a page whose header is already there.
 */
export function PageSkeleton({ title, layout = 'cards', bare }: { title?: string; layout?: 'cards' | 'table'; bare?: boolean }) {
  return (
    <div className={stack} aria-busy="true">
      {bare ? null : (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          {title ? <h1 className={heading}>{title}</h1> : <Skeleton className={css({ h: '9', w: '50%', borderRadius: 'l2' })} />}
          <Skeleton className={line('60%')} />
        </div>
      )}
      <p className={css({ srOnly: true })} role="status">
        Loading…
      </p>
      {layout === 'table' ? (
        <CardSkeleton rows={8} />
      ) : (
        <div className={cards}>
          <CardSkeleton rows={3} />
          <CardSkeleton rows={3} />
          <CardSkeleton rows={4} />
          <CardSkeleton rows={4} />
        </div>
      )}
    </div>
  )
}
