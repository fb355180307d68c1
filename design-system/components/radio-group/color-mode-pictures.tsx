/**
 * Inline SVG previews of the app in each colour mode, for the Appearance chooser.
 * Fixed colours on purpose: a preview shows that mode whatever the current mode is.
 */
const palettes = {
  light: { bg: '#fafaf9', panel: '#ffffff', line: '#e7e5e4', text: '#a8a29e', accent: '#facc15' },
  dark: { bg: '#0c0a09', panel: '#1c1917', line: '#292524', text: '#57534e', accent: '#facc15' },
}

function Window({ mode, x = 0, width = 160 }: { mode: 'light' | 'dark'; x?: number; width?: number }) {
  const p = palettes[mode]
  return (
    <g>
      <rect x={x} y="0" width={width} height="100" fill={p.bg} />
      <rect x={x + 8} y="8" width="32" height="84" rx="4" fill={p.panel} stroke={p.line} />
      <rect x={x + 14} y="16" width="20" height="4" rx="2" fill={p.accent} />
      <rect x={x + 14} y="26" width="16" height="3" rx="1.5" fill={p.text} />
      <rect x={x + 14} y="33" width="18" height="3" rx="1.5" fill={p.text} />
      <rect x={x + 48} y="8" width={Math.max(width - 56, 0)} height="36" rx="4" fill={p.panel} stroke={p.line} />
      <rect x={x + 56} y="16" width="56" height="5" rx="2.5" fill={p.text} />
      <rect x={x + 56} y="27" width="36" height="9" rx="3" fill={p.accent} />
      <rect x={x + 48} y="52" width={Math.max(width - 56, 0)} height="40" rx="4" fill={p.panel} stroke={p.line} />
      <rect x={x + 56} y="60" width="72" height="4" rx="2" fill={p.text} />
      <rect x={x + 56} y="70" width="48" height="4" rx="2" fill={p.text} />
    </g>
  )
}

export function LightPicture() {
  return (
    <svg viewBox="0 0 160 100" role="img" aria-label="Light">
      <Window mode="light" />
    </svg>
  )
}

export function DarkPicture() {
  return (
    <svg viewBox="0 0 160 100" role="img" aria-label="Dark">
      <Window mode="dark" />
    </svg>
  )
}

/** Half light, half dark: follows the system. */
export function SystemPicture() {
  return (
    <svg viewBox="0 0 160 100" role="img" aria-label="System">
      <defs>
        <clipPath id="summit-system-left">
          <rect x="0" y="0" width="80" height="100" />
        </clipPath>
        <clipPath id="summit-system-right">
          <rect x="80" y="0" width="80" height="100" />
        </clipPath>
      </defs>
      <g clipPath="url(#summit-system-left)">
        <Window mode="light" />
      </g>
      <g clipPath="url(#summit-system-right)">
        <Window mode="dark" />
      </g>
    </svg>
  )
}

/** The three Appearance choices of the Preferences tab (values auto, light, dark). */
export const colorModeChoices = [
  { value: 'auto', label: 'System', picture: <SystemPicture /> },
  { value: 'light', label: 'Light', picture: <LightPicture /> },
  { value: 'dark', label: 'Dark', picture: <DarkPicture /> },
]
