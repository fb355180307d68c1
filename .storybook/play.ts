/**
 * Small steps for a story's `play` that drive an island as a user would, then wait for what it
 * shows (no timers to guess): `fill` types into a React-controlled field, `until` waits for an
 * element (a spinner, an alert) and returns it.
 *
 *   play: async ({ canvasElement }) => {
 *     fill(canvasElement.querySelector('input')!, 'Northwind')
 *     ;(await until(canvasElement, 'button[type=submit]:not([disabled])')).click()
 *     await until(canvasElement, '[role=alert]')
 *   }
 */

/** Sets a field's value the way typing does (React listens to `input`, not to the property). */
export function fill(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The first element matching `selector` under `root` (or the document, for what a portal shows), once there (within 5 s). */
export async function until<T extends Element = HTMLElement>(root: ParentNode, selector: string): Promise<T> {
  for (let i = 0; i < 250; i++) {
    const found = root.querySelector<T>(selector) ?? document.querySelector<T>(selector)
    if (found) return found
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`nothing matches ${selector}`)
}
