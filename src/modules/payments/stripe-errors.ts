/** Turns Stripe SDK errors into the API's errors: card problems are 422 on a field, outages 503. */
import Stripe from 'stripe'
import { fieldError, HttpError } from '../../platform/http/errors'
import { log } from '../../platform/log'

export async function callStripe<T>(fn: () => Promise<T>, field = 'payment'): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    throw toHttpError(err, field)
  }
}

export function toHttpError(err: unknown, field = 'payment'): unknown {
  if (err instanceof HttpError) return err
  if (err instanceof Stripe.errors.StripeCardError) return fieldError(field, err.message)
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.code === 'resource_missing') return fieldError(field, 'This payment method or payment was not found.')
    return fieldError(field, err.message)
  }
  log.error({ err: err instanceof Error ? { message: err.message, name: err.name } : err }, 'payment provider error')
  return new HttpError(503, 'The payment provider could not be reached. Please try again in a moment.')
}

export const isMissing = (err: unknown) => err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing'
