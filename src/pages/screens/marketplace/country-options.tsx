/**
 * The country filter's ~250 `<option>`s, rendered to HTML once per process; each request only
 * marks the chosen one. (Rendering them through React on every request cost a visible share
 * of a marketplace page.)
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { COUNTRIES } from '../../../shared/countries'

let html: string | null = null

/** `<option>`s for a `<select name="country">`, "Anywhere" first, `selected` on `code`. */
export function countryOptions(code?: string | null) {
  html ??= renderToStaticMarkup(
    <>
      <option value="">Anywhere</option>
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>,
  )
  const c = code?.trim().toUpperCase()
  if (!c || !/^[A-Z]{2}$/.test(c)) return html
  return html.replace(`<option value="${c}">`, `<option value="${c}" selected="">`)
}
