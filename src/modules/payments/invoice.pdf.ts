/** Renders an invoice or credit note as a PDF (pdfkit, built-in Helvetica: no font files). */
import PDFDocument from 'pdfkit'
import { formatDay, formatStart } from '../../shared/datetime'
import { documentNumber } from './invoice.service'
import type { Invoice } from './payment.entity'

export const formatMoney = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`

/** The session's start as every page and mail writes it ("Mon, Dec 7, 2026, 2:00 PM London time"). */
const formatDate = (iso: string, timeZone: string) => formatStart(iso, timeZone)

export function renderInvoicePdf(doc: Invoice, invoiceNumber?: string): Promise<Uint8Array> {
  const l = doc.lines
  const credit = doc.kind === 'credit_note'
  const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${credit ? 'Credit note' : 'Invoice'} ${documentNumber(doc)}`, Author: l.tenantName } })
  const chunks: Buffer[] = []
  pdf.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Uint8Array>((resolve) => pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))))
  const money = (m: number) => formatMoney(m, doc.currency)

  pdf.fontSize(20).font('Helvetica-Bold').text(l.tenantName)
  pdf
    .moveDown(0.5)
    .fontSize(14)
    .text(`${credit ? 'Credit note' : 'Invoice'} ${documentNumber(doc)}`)
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued: ${formatDay(doc.issuedAt, 'UTC')}`)
  if (credit && invoiceNumber) pdf.text(`Credits invoice ${invoiceNumber}`)
  pdf.moveDown()
  pdf.font('Helvetica-Bold').text('Billed to')
  pdf.font('Helvetica').text(l.clientName).text(l.clientEmail)
  pdf.moveDown()
  pdf.font('Helvetica-Bold').text('Workshop')
  pdf.font('Helvetica').text(l.workshopTitle)
  pdf.text(`From ${formatDate(l.scheduleStart, l.timezone)} to ${formatDate(l.scheduleEnd, l.timezone)}`)
  pdf.moveDown()

  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 50, y, { width: 330 })
    pdf.text(value, 380, y, { width: 165, align: 'right' })
    pdf.moveDown(0.3)
  }
  row('Seats', String(l.seats))
  row('Unit price', money(l.unitPrice))
  row('Subtotal', money(l.subtotal))
  row(`Voucher discount${l.voucherCode ? ` (${l.voucherCode})` : ''}`, `-${money(l.discount)}`)
  if (credit) {
    row('Invoice total', money(l.subtotal - l.discount))
    row('Refunded', `-${money(l.total)}`, true)
  } else row('Total', money(l.total), true)
  row('Currency', doc.currency.toUpperCase())
  pdf.moveDown()
  pdf.x = 50
  if (l.cardLast4)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(`${credit ? 'Refunded to' : 'Paid by'} ${l.cardBrand ?? 'card'} ending ${l.cardLast4}`, 50)
  if (l.paymentTransactionId) pdf.fontSize(9).text(`Transaction: ${l.paymentTransactionId}`, 50)
  pdf.end()
  return done
}
