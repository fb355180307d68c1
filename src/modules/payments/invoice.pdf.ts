/**
 * Renders an invoice or credit note as a PDF (pdfkit, built-in Helvetica: no font files). What an
 * EU invoice needs: the seller's legal name, address and tax ID, the buyer's details (a company's
 * VAT ID), per line the net amount, rate and tax, the totals per rate, the gross, the currency,
 * and the sentence of a 0 % sale (reverse charge, outside scope). Amounts read "1,234.50 EUR"
 * with the currency's own decimals (JPY none): the code, never a symbol the font may lack.
 */
import PDFDocument from 'pdfkit'
import { countryByCode } from '../../shared/countries'
import { formatDay, formatStart } from '../../shared/datetime'
import { formatWithCode } from '../../shared/money'
import { documentNumber } from './invoice.service'
import type { Invoice, InvoiceItem } from './payment.entity'

/** Minor units as "1,234.50 EUR" (JPY: "1,500 JPY"). */
export const formatMoney = formatWithCode

/** The session's start as every page and mail writes it ("Mon, Dec 7, 2026, 2:00 PM London time"). */
const formatDate = (iso: string, timeZone: string) => formatStart(iso, timeZone)

const countryName = (code: string | null | undefined) => (code ? (countryByCode(code)?.name ?? code) : null)
const percent = (rate: number) => `${Number(rate.toFixed(3))} %`

/** The document's lines: its own (issued since taxes are kept), or one line of its total for earlier ones. */
function itemsOf(doc: Invoice): InvoiceItem[] {
  const l = doc.lines
  if (l.items?.length) return l.items
  return [{ description: l.workshopTitle, quantity: l.seats, net: doc.total, rate: 0, tax: 0, gross: doc.total }]
}

export function renderInvoicePdf(doc: Invoice, invoiceNumber?: string): Promise<Uint8Array> {
  const l = doc.lines
  const credit = doc.kind === 'credit_note'
  const title = `${credit ? 'Credit note' : 'Invoice'} ${documentNumber(doc)}`
  const seller = l.seller ?? { name: l.tenantName, address: null, country: null, taxId: null }
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: seller.name } })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Uint8Array>((resolve) => pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))))
  const money = (m: number) => formatMoney(m, doc.currency)
  const taxName = l.tax?.name ?? 'VAT'
  const label = (s: string) => pdf.font('Helvetica-Bold').fontSize(10).text(s, 50)

  // The seller.
  pdf.fontSize(20).font('Helvetica-Bold').text(seller.name)
  pdf.font('Helvetica').fontSize(10)
  if (seller.name !== l.tenantName) pdf.text(l.tenantName)
  if (seller.address) pdf.text(seller.address)
  if (seller.country) pdf.text(countryName(seller.country) ?? seller.country)
  if (seller.taxId) pdf.text(`${taxName === 'VAT' ? 'VAT ID' : 'Tax ID'}: ${seller.taxId}`)

  pdf.moveDown().fontSize(14).font('Helvetica-Bold').text(title)
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued: ${formatDay(doc.issuedAt, 'UTC')}`)
  if (credit && invoiceNumber) pdf.text(`Credits invoice ${invoiceNumber}`)
  pdf.text(`Currency: ${doc.currency.toUpperCase()}`)
  pdf.moveDown()

  // The buyer.
  const buyer = l.buyer
  label('Billed to')
  pdf.font('Helvetica')
  if (buyer?.company) pdf.text(buyer.company)
  pdf.text(buyer?.company ? `Attn. ${l.clientName}` : l.clientName)
  if (buyer?.address) pdf.text(buyer.address)
  if (buyer?.country) pdf.text(countryName(buyer.country) ?? buyer.country)
  if (buyer?.taxId) pdf.text(`VAT ID: ${buyer.taxId}`)
  pdf.text(l.clientEmail)
  pdf.moveDown()
  label('Workshop')
  pdf.font('Helvetica').text(l.workshopTitle)
  pdf.text(`From ${formatDate(l.scheduleStart, l.timezone)} to ${formatDate(l.scheduleEnd, l.timezone)}`)
  pdf.moveDown()

  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 50, y, { width: 330 })
    pdf.text(value, 380, y, { width: 165, align: 'right' })
    pdf.moveDown(0.3)
  }
  // What was booked, in the price's terms (incl. or excl. tax, as the team enters prices).
  const priced = l.tax?.kind !== 'none' && l.tax ? (l.tax.included ? ` (incl. ${taxName})` : ` (excl. ${taxName})`) : ''
  row('Seats', String(l.seats))
  row(`Unit price${priced}`, money(l.unitPrice))
  row('Subtotal', money(l.subtotal))
  row(`Voucher discount${l.voucherCode ? ` (${l.voucherCode})` : ''}`, `-${money(l.discount)}`)
  if (credit) row('Invoice total', money(l.subtotal - l.discount))
  pdf.moveDown(0.5)

  // The lines with their tax.
  const items = itemsOf(doc)
  const cols = [
    { x: 50, w: 190, h: 'Description', align: 'left' as const },
    { x: 240, w: 40, h: 'Qty', align: 'right' as const },
    { x: 285, w: 75, h: 'Net', align: 'right' as const },
    { x: 365, w: 50, h: 'Rate', align: 'right' as const },
    { x: 420, w: 60, h: taxName, align: 'right' as const },
    { x: 485, w: 60, h: 'Gross', align: 'right' as const },
  ]
  const line = (cells: string[], bold = false) => {
    const y = pdf.y
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
    let bottom = y
    cells.forEach((c, i) => {
      pdf.text(c, cols[i].x, y, { width: cols[i].w, align: cols[i].align })
      bottom = Math.max(bottom, pdf.y)
    })
    pdf.y = bottom
    pdf.moveDown(0.3)
  }
  line(
    cols.map((c) => c.h),
    true,
  )
  const sign = credit ? '-' : ''
  for (const it of items) line([it.description, String(it.quantity), sign + money(it.net), percent(it.rate), sign + money(it.tax), sign + money(it.gross)])
  pdf.moveDown(0.5).fontSize(10)

  // Totals per rate, then the document's.
  const byRate = new Map<number, { net: number; tax: number; gross: number }>()
  for (const it of items) {
    const t = byRate.get(it.rate) ?? { net: 0, tax: 0, gross: 0 }
    byRate.set(it.rate, { net: t.net + it.net, tax: t.tax + it.tax, gross: t.gross + it.gross })
  }
  for (const [rate, t] of [...byRate].sort((a, b) => b[0] - a[0])) {
    row(`Net at ${percent(rate)}`, sign + money(t.net))
    row(`${taxName} ${percent(rate)}`, sign + money(t.tax))
  }
  const net = items.reduce((s, i) => s + i.net, 0)
  const tax = items.reduce((s, i) => s + i.tax, 0)
  row('Total net', sign + money(net))
  row(`Total ${taxName}`, sign + money(tax))
  if (credit) row('Refunded', `-${money(doc.total)}`, true)
  else row('Total', money(doc.total), true)
  pdf.moveDown()
  pdf.x = 50
  if (l.tax?.note) pdf.font('Helvetica-Bold').fontSize(10).text(l.tax.note, 50)
  if (l.tax?.kind === 'standard' && l.tax.country && l.tax.country !== seller.country)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(`${taxName} of ${countryName(l.tax.country)} (place of supply).`, 50)
  pdf.moveDown(0.5)
  if (l.cardLast4)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(`${credit ? 'Refunded to' : 'Paid by'} ${l.cardBrand ?? 'card'} ending ${l.cardLast4}`, 50)
  if (l.paymentTransactionId) pdf.fontSize(9).text(`Transaction: ${l.paymentTransactionId}`, 50)
  pdf.end()
  return done
}
