import { config } from '../../config'

/** A mail in both forms; the HTML is a plain, inline-styled card that every client renders. */
export interface Rendered {
  subject: string
  text: string
  html: string
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

interface Block {
  /** A paragraph of plain text. */
  p?: string
  /** A large, copyable code. */
  code?: string
  /** A button with its address (the text version prints the address). */
  button?: { label: string; url: string }
  /** Small print, optionally ending with a link (why the mail came, how to stop it). */
  note?: { text: string; link?: { label: string; url: string } }
}

/** Lays out a message with the site name as header and footer. */
export function layout(subject: string, heading: string, blocks: Block[]): Rendered {
  const site = config.SITE_NAME
  const text = [
    heading,
    '',
    ...blocks.flatMap((b) => {
      if (b.p) return [b.p, '']
      if (b.code) return [b.code, '']
      if (b.button) return [`${b.button.label}: ${b.button.url}`, '']
      if (b.note) return [b.note.link ? `${b.note.text} ${b.note.link.label}: ${b.note.link.url}` : b.note.text, '']
      return []
    }),
    `— ${site}`,
    config.APP_URL,
  ].join('\n')
  const body = blocks
    .map((b) => {
      if (b.p) return `<p style="margin:0 0 16px;line-height:1.5">${esc(b.p)}</p>`
      if (b.code)
        return `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${esc(b.code)}</p>`
      if (b.button)
        return `<p style="margin:0 0 16px"><a href="${esc(b.button.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#eab308;color:#1c1917;text-decoration:none;font-weight:600">${esc(b.button.label)}</a></p>`
      if (b.note)
        return `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#78716c">${esc(b.note.text)}${b.note.link ? ` <a href="${esc(b.note.link.url)}" style="color:#57534e">${esc(b.note.link.label)}</a>` : ''}</p>`
      return ''
    })
    .join('\n')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">${esc(site)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${esc(heading)}</h1>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#78716c">${esc(site)} · <a href="${esc(config.APP_URL)}" style="color:#78716c">${esc(config.APP_URL.replace(/^https?:\/\//, ''))}</a></p>
</div></body></html>`
  return { subject, text, html }
}
