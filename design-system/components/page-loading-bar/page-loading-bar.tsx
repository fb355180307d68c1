/**
 * A thin progress bar at the top of the page while something loads (section 9: it appears
 * only after 200 ms of loading — quick loads show nothing — and creeps towards the end over
 * 2000 ms, then completes and fades out when loading stops).
 */
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { PAGE_LOADING } from '../../constants'

export type PageLoadingBarProps = {
  loading: boolean
  throttle?: number
  duration?: number
}

/** Progress (0..1) for time `t` ms after the bar appeared: eases towards 0.9, never reaching it. */
export function loadingProgress(t: number, duration: number = PAGE_LOADING.duration): number {
  if (t <= 0) return 0
  return Math.min(0.9, 0.9 * (1 - Math.exp((-3 * t) / duration)))
}

export function PageLoadingBar({ loading, throttle = PAGE_LOADING.throttle, duration = PAGE_LOADING.duration }: PageLoadingBarProps) {
  const [visible, setVisible] = useState(false)
  const [progress, setProgress] = useState(0)
  const startedAt = useRef(0)

  useEffect(() => {
    if (!loading) {
      if (!visible) return
      setProgress(1)
      const hide = setTimeout(() => {
        setVisible(false)
        setProgress(0)
      }, 300)
      return () => clearTimeout(hide)
    }
    const show = setTimeout(() => {
      startedAt.current = Date.now()
      setVisible(true)
    }, throttle)
    return () => clearTimeout(show)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, throttle])

  useEffect(() => {
    if (!visible || !loading) return
    const tick = setInterval(() => setProgress(loadingProgress(Date.now() - startedAt.current, duration)), 100)
    return () => clearInterval(tick)
  }, [visible, loading, duration])

  // Plain elements with static classes: the bar is in the shell of every area page, so it avoids the styled() runtime.
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className={css({ position: 'fixed', top: '0', insetX: '0', height: '0.5', zIndex: 'skipLink', pointerEvents: 'none', transition: 'opacity 300ms ease' })}
      style={{ opacity: visible ? 1 : 0 }}
    >
      <div
        className={css({
          height: 'full',
          bg: 'colorPalette.default',
          boxShadow: '0 0 8px token(colors.colorPalette.default)',
          transformOrigin: 'left',
          transition: 'transform 200ms ease',
        })}
        style={{ transform: `scaleX(${progress})` }}
      />
    </div>
  )
}
