/**
 * A stand-in for Stripe.js, served by the local Stripe-compatible server at `/js/stripe.js`.
 * Load it with a plain <script> before the page's own code: `loadStripe()` from
 * @stripe/stripe-js finds `window.Stripe` and never injects js.stripe.com.
 *
 * Covers what a card checkout uses: `Stripe(pk).elements().create('card' | 'cardNumber' |
 * 'cardExpiry' | 'cardCvc' | 'payment')` (mount/unmount/destroy/on/update/focus/clear),
 * `confirmCardPayment`, `confirmPayment`, `createPaymentMethod`, `retrievePaymentIntent`,
 * `handleNextAction` / `handleCardAction`; an intent that asks for 3-D Secure is authenticated
 * in a test modal ("3D Secure 2 Test Page": Complete or Fail), as Stripe.js does for test cards.
 * Card data goes to the local server only (no iframe: there is nothing to protect offline).
 * Browser code, no imports: it is transpiled and served as is.
 */
;(() => {
  type Dict = Record<string, any>
  const w = window as any
  if (w.Stripe && !w.Stripe.__local) return

  const script = document.currentScript as HTMLScriptElement | null
  const API: string = w.__STRIPE_LOCAL_API__ ?? (script?.src ? script.src.replace(/\/js\/stripe\.js(\?.*)?$/, '') : location.origin)

  function encode(data: Dict, prefix = ''): string[] {
    const out: string[] = []
    for (const [k, v] of Object.entries(data)) {
      if (v === undefined) continue
      const key = prefix ? `${prefix}[${k}]` : k
      if (v !== null && typeof v === 'object') out.push(...encode(v, key))
      else out.push(`${encodeURIComponent(key)}=${encodeURIComponent(v === null ? '' : String(v))}`)
    }
    return out
  }

  /** The XSRF-TOKEN cookie, echoed when the API is same-origin (the app proxies the local server behind its session). */
  function xsrf(): Dict {
    const sameOrigin = API.startsWith('/') || API.startsWith(location.origin)
    const m = sameOrigin ? /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie) : null
    return m ? { 'x-xsrf-token': decodeURIComponent(m[1]) } : {}
  }

  async function call(pk: string, method: string, path: string, data: Dict = {}) {
    // Like Stripe.js: the publishable key travels as the `key` param, not as a bearer token.
    const body = encode({ ...data, key: pk }).join('&')
    const url = `${API}${path}${method === 'GET' ? `?${body}` : ''}`
    try {
      const res = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: { ...xsrf(), ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
        body: method === 'GET' ? undefined : body,
      })
      const json = await res.json()
      return res.ok ? { data: json } : { error: json.error ?? { type: 'api_error', message: 'Unexpected answer from the payment server.' } }
    } catch {
      return { error: { type: 'api_connection_error', message: 'Could not reach the payment server. Check your connection and try again.' } }
    }
  }

  const digits = (s: string) => s.replace(/\D/g, '')
  function luhn(n: string) {
    let sum = 0
    let dbl = false
    for (let i = n.length - 1; i >= 0; i--) {
      let d = Number(n[i])
      if (dbl && (d *= 2) > 9) d -= 9
      sum += d
      dbl = !dbl
    }
    return n.length >= 12 && sum % 10 === 0
  }
  function brand(n: string) {
    if (/^4/.test(n)) return 'visa'
    if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard'
    if (/^3[47]/.test(n)) return 'amex'
    if (/^(6011|65)/.test(n)) return 'discover'
    return n ? 'unknown' : 'unknown'
  }

  type Field = 'number' | 'expiry' | 'cvc'
  const FIELDS: Record<Field, { name: string; label: string; placeholder: string; autocomplete: string }> = {
    number: { name: 'cardnumber', label: 'Card number', placeholder: '1234 1234 1234 1234', autocomplete: 'cc-number' },
    expiry: { name: 'exp-date', label: 'Expiration date', placeholder: 'MM / YY', autocomplete: 'cc-exp' },
    cvc: { name: 'cvc', label: 'Security code', placeholder: 'CVC', autocomplete: 'cc-csc' },
  }

  function validate(values: Partial<Record<Field, string>>, fields: Field[]) {
    for (const f of fields) {
      const v = values[f] ?? ''
      if (f === 'number') {
        const n = digits(v)
        if (!n) return { code: 'incomplete_number', message: 'Your card number is incomplete.' }
        if (n.length < 15) return { code: 'incomplete_number', message: 'Your card number is incomplete.' }
        if (!luhn(n)) return { code: 'invalid_number', message: 'Your card number is invalid.' }
      }
      if (f === 'expiry') {
        const d = digits(v)
        if (d.length < 4) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." }
        const month = Number(d.slice(0, 2))
        const year = 2000 + Number(d.slice(2, 4))
        if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." }
        const now = new Date()
        if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
          return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." }
        }
      }
      if (f === 'cvc' && digits(v).length < 3) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." }
    }
    return null
  }

  class LocalElement {
    private root: HTMLElement | null = null
    private inputs: Partial<Record<Field, HTMLInputElement>> = {}
    private handlers: Record<string, Array<(e: Dict) => void>> = {}
    values: Partial<Record<Field, string>> = {}
    constructor(
      public type: string,
      public fields: Field[],
      private options: Dict,
      private group: LocalElements,
    ) {}

    mount(target: string | HTMLElement) {
      const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
      if (!host) throw new Error(`Stripe (local): no element matches ${String(target)}.`)
      const root = document.createElement('div')
      root.className = 'StripeElement StripeElement--local'
      root.setAttribute('data-stripe-local', this.type)
      root.style.cssText = 'display:flex;gap:8px;align-items:center;width:100%'
      const base = this.options.style?.base ?? {}
      for (const f of this.fields) {
        const meta = FIELDS[f]
        const input = document.createElement('input')
        Object.assign(input, { name: meta.name, placeholder: meta.placeholder, autocomplete: meta.autocomplete, inputMode: 'numeric', type: 'text' })
        input.setAttribute('aria-label', meta.label)
        input.disabled = !!this.options.disabled
        input.style.cssText = `flex:${f === 'number' ? 3 : 1};min-width:0;border:0;outline:none;background:transparent;font:inherit;font-size:${base.fontSize ?? 'inherit'};color:${base.color ?? 'inherit'}`
        input.value = this.values[f] ?? ''
        input.addEventListener('input', () => {
          input.value = format(f, input.value)
          this.values[f] = input.value
          this.emitChange()
        })
        input.addEventListener('focus', () => this.emit('focus', { elementType: this.type }))
        input.addEventListener('blur', () => this.emit('blur', { elementType: this.type }))
        this.inputs[f] = input
        root.appendChild(input)
      }
      host.appendChild(root)
      this.root = root
      setTimeout(() => this.emit('ready', { elementType: this.type }), 0)
    }
    unmount() {
      this.root?.remove()
      this.root = null
    }
    destroy() {
      this.unmount()
      this.group.remove(this)
    }
    on(event: string, fn: (e: Dict) => void) {
      ;(this.handlers[event] ??= []).push(fn)
      return this
    }
    once(event: string, fn: (e: Dict) => void) {
      const wrap = (e: Dict) => {
        this.off(event, wrap)
        fn(e)
      }
      return this.on(event, wrap)
    }
    off(event: string, fn?: (e: Dict) => void) {
      this.handlers[event] = fn ? (this.handlers[event] ?? []).filter((h) => h !== fn) : []
      return this
    }
    update(options: Dict) {
      Object.assign(this.options, options)
      for (const input of Object.values(this.inputs)) if (input) input.disabled = !!this.options.disabled
    }
    focus() {
      this.inputs[this.fields[0]]?.focus()
    }
    blur() {
      for (const input of Object.values(this.inputs)) input?.blur()
    }
    clear() {
      this.values = {}
      for (const input of Object.values(this.inputs)) if (input) input.value = ''
      this.emitChange()
    }
    collapse() {}
    private emit(event: string, payload: Dict) {
      for (const h of this.handlers[event] ?? []) h(payload)
    }
    private emitChange() {
      const error = validate(this.values, this.fields)
      const empty = this.fields.every((f) => !this.values[f])
      const typing = this.fields.some((f) => f === 'number' && digits(this.values.number ?? '').length < 15)
      this.emit('change', {
        elementType: this.type,
        empty,
        complete: !error,
        brand: brand(digits(this.values.number ?? '')),
        value: { postalCode: '' },
        error: error && !empty && !(typing && error.code.startsWith('incomplete')) ? { type: 'validation_error', ...error } : undefined,
      })
    }
  }

  function format(f: Field, v: string) {
    const d = digits(v)
    if (f === 'number') return d.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ')
    if (f === 'expiry') return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2, 4)}` : d
    return d.slice(0, 4)
  }

  const TYPES: Record<string, Field[]> = {
    card: ['number', 'expiry', 'cvc'],
    payment: ['number', 'expiry', 'cvc'],
    cardNumber: ['number'],
    cardExpiry: ['expiry'],
    cardCvc: ['cvc'],
  }

  class LocalElements {
    elements: LocalElement[] = []
    constructor(public options: Dict) {}
    create(type: string, options: Dict = {}) {
      const fields = TYPES[type]
      if (!fields) throw new Error(`Stripe (local): the "${type}" element is not available offline; use card, cardNumber, cardExpiry, cardCvc or payment.`)
      const el = new LocalElement(type, fields, options, this)
      this.elements.push(el)
      return el
    }
    getElement(type: string) {
      return this.elements.find((e) => e.type === type) ?? null
    }
    remove(el: LocalElement) {
      this.elements = this.elements.filter((e) => e !== el)
    }
    update(options: Dict) {
      Object.assign(this.options, options)
    }
    async submit() {
      const error = this.cardError()
      return error ? { error } : {}
    }
    async fetchUpdates() {
      return {}
    }
    /** The card typed into this group's elements, as `payment_method_data[card]`. */
    cardData() {
      const values: Partial<Record<Field, string>> = {}
      for (const el of this.elements) Object.assign(values, el.values)
      const exp = digits(values.expiry ?? '')
      return {
        number: digits(values.number ?? ''),
        exp_month: exp.slice(0, 2),
        exp_year: exp.slice(2, 4) ? `20${exp.slice(2, 4)}` : '',
        cvc: digits(values.cvc ?? ''),
      }
    }
    cardError() {
      const values: Partial<Record<Field, string>> = {}
      const fields: Field[] = []
      for (const el of this.elements) {
        Object.assign(values, el.values)
        fields.push(...el.fields)
      }
      if (!fields.length) return { type: 'validation_error', code: 'incomplete', message: 'Enter your card details.' }
      const e = validate(values, fields)
      return e ? { type: 'validation_error', ...e } : null
    }
  }

  /**
   * The test page of 3-D Secure, as Stripe shows it for its test cards: Complete or Fail.
   * Resolves with the outcome; Escape or closing counts as a failed authentication.
   */
  function authenticationModal(pi: Dict): Promise<'complete' | 'fail'> {
    return new Promise((resolve) => {
      const opener = document.activeElement as HTMLElement | null
      const overlay = document.createElement('div')
      overlay.setAttribute('data-stripe-local', '3ds')
      overlay.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(15,15,20,.55);font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif'
      const box = document.createElement('div')
      box.setAttribute('role', 'dialog')
      box.setAttribute('aria-modal', 'true')
      box.setAttribute('aria-labelledby', 'stripe-local-3ds-title')
      box.style.cssText = 'background:#fff;color:#1a1a1a;border-radius:12px;padding:24px;width:100%;max-width:380px;box-shadow:0 12px 40px rgba(0,0,0,.3)'
      const title = document.createElement('h2')
      title.id = 'stripe-local-3ds-title'
      title.textContent = '3D Secure 2 Test Page'
      title.style.cssText = 'margin:0 0 8px;font-size:18px;font-weight:700'
      const amount = (() => {
        try {
          const f = new Intl.NumberFormat('en-US', { style: 'currency', currency: String(pi.currency).toUpperCase() })
          return f.format(pi.amount / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2))
        } catch {
          return `${(pi.amount / 100).toFixed(2)} ${String(pi.currency).toUpperCase()}`
        }
      })()
      const text = document.createElement('p')
      text.textContent = `Your bank asks you to confirm the payment of ${amount}. This is a test card: complete the authentication to pay, or fail it to see a refused one.`
      text.style.cssText = 'margin:0 0 20px;color:#3f3f46'
      const row = document.createElement('div')
      row.style.cssText = 'display:flex;gap:8px;justify-content:flex-end;flex-wrap:wrap'
      const button = (label: string, primary: boolean) => {
        const b = document.createElement('button')
        b.type = 'button'
        b.textContent = label
        b.style.cssText = `min-height:40px;padding:0 16px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;border:1px solid ${primary ? '#4f46e5' : '#d4d4d8'};background:${primary ? '#4f46e5' : '#fff'};color:${primary ? '#fff' : '#1a1a1a'}`
        return b
      }
      const fail = button('Fail', false)
      const complete = button('Complete', true)
      row.append(fail, complete)
      box.append(title, text, row)
      overlay.appendChild(box)
      let settled = false
      const finish = (outcome: 'complete' | 'fail') => {
        if (settled) return
        settled = true
        document.removeEventListener('keydown', onKey, true)
        overlay.remove()
        opener?.focus?.()
        resolve(outcome)
      }
      const onKey = (e: KeyboardEvent) => {
        if (e.key === 'Escape') finish('fail')
        if (e.key === 'Tab') {
          // Keep the focus inside the dialog.
          e.preventDefault()
          ;(document.activeElement === complete ? fail : complete).focus()
        }
      }
      complete.addEventListener('click', () => finish('complete'))
      fail.addEventListener('click', () => finish('fail'))
      document.addEventListener('keydown', onKey, true)
      document.body.appendChild(overlay)
      complete.focus()
    })
  }

  const groupOf = (el: unknown): LocalElements | null => (el instanceof LocalElement ? (el as any).group : el instanceof LocalElements ? el : null)
  const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0]

  function LocalStripe(this: unknown, pk: string, _options?: Dict) {
    if (typeof pk !== 'string' || !pk.startsWith('pk_')) throw new Error('Stripe (local): a publishable key (pk_...) is required.')

    async function paymentMethodData(pmInput: unknown, billing?: Dict) {
      if (typeof pmInput === 'string') return { payment_method: pmInput }
      const source = pmInput as Dict | undefined
      const group = groupOf(source?.card ?? source?.elements ?? source)
      if (!group) return {}
      const error = group.cardError()
      if (error) return { error }
      return { payment_method_data: { type: 'card', card: group.cardData(), billing_details: source?.billing_details ?? billing } }
    }

    async function confirm(clientSecret: string, pm: Dict) {
      if ('error' in pm && pm.error) return { error: pm.error }
      const r = await call(pk, 'POST', `/v1/payment_intents/${intentId(clientSecret)}/confirm`, { client_secret: clientSecret, ...pm })
      if (r.error) return { error: r.error }
      return nextAction(clientSecret, r.data)
    }

    /** Like Stripe.js: an intent that asks for 3-D Secure is authenticated in a modal, then answered as it ends. */
    async function nextAction(clientSecret: string, pi: Dict) {
      if (pi?.status !== 'requires_action' || pi.next_action?.type !== 'use_stripe_sdk') return { paymentIntent: pi }
      const outcome = await authenticationModal(pi)
      const r = await call(pk, 'POST', `/v1/payment_intents/${pi.id}/local_3ds`, { client_secret: clientSecret, outcome })
      if (r.error) return { error: r.error }
      const done = r.data
      if (done.status === 'requires_payment_method' && done.last_payment_error) return { error: { ...done.last_payment_error, payment_intent: done } }
      return { paymentIntent: done }
    }

    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements: (options: Dict = {}) => new LocalElements(options),
      async confirmCardPayment(clientSecret: string, data: Dict = {}) {
        return confirm(clientSecret, await paymentMethodData(data.payment_method))
      },
      async confirmPayment(args: Dict) {
        const { elements, clientSecret, confirmParams = {}, redirect } = args
        const pm = confirmParams.payment_method
          ? { payment_method: confirmParams.payment_method }
          : await paymentMethodData(elements, confirmParams.payment_method_data?.billing_details)
        const r = await confirm(clientSecret, pm)
        if (r.paymentIntent && redirect !== 'if_required' && confirmParams.return_url) {
          const u = new URL(confirmParams.return_url, location.href)
          u.searchParams.set('payment_intent', r.paymentIntent.id)
          u.searchParams.set('payment_intent_client_secret', clientSecret)
          u.searchParams.set('redirect_status', r.paymentIntent.status === 'succeeded' ? 'succeeded' : 'failed')
          location.assign(u.toString())
        }
        return r
      },
      async handleCardAction(clientSecret: string) {
        const r = await this.retrievePaymentIntent(clientSecret)
        return r.error ? r : nextAction(clientSecret, r.paymentIntent)
      },
      async handleNextAction(args: Dict) {
        const r = await this.retrievePaymentIntent(args.clientSecret)
        return r.error ? r : nextAction(args.clientSecret, r.paymentIntent)
      },
      async createPaymentMethod(arg: Dict) {
        const pm = arg.elements
          ? await paymentMethodData(arg.elements, arg.params?.billing_details)
          : await paymentMethodData({ card: arg.card, billing_details: arg.billing_details })
        if ('error' in pm && pm.error) return { error: pm.error }
        if (!('payment_method_data' in pm) || !pm.payment_method_data)
          return { error: { type: 'validation_error', code: 'incomplete', message: 'Enter your card details.' } }
        const r = await call(pk, 'POST', '/v1/payment_methods', pm.payment_method_data)
        return r.error ? { error: r.error } : { paymentMethod: r.data }
      },
      async retrievePaymentIntent(clientSecret: string) {
        const r = await call(pk, 'GET', `/v1/payment_intents/${intentId(clientSecret)}`, { client_secret: clientSecret })
        return r.error ? { error: r.error } : { paymentIntent: r.data }
      },
    }
  }
  ;(LocalStripe as any).version = 'endive'
  ;(LocalStripe as any).__local = true
  w.Stripe = LocalStripe
})()
