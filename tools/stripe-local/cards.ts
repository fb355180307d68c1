/**
 * Test cards as Stripe documents them (https://docs.stripe.com/testing): the number decides
 * the outcome of a charge. Test payment method tokens (`pm_card_visa`, ...) map to numbers.
 */
export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown'

export interface Decline {
  code: string
  declineCode?: string
  message: string
}

const GENERIC: Decline = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }

/** Numbers whose charge fails, with the error Stripe answers. Every other valid number succeeds. */
export const DECLINES: Record<string, Decline> = {
  '4000000000000002': GENERIC,
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
  '4100000000000019': { code: 'card_declined', declineCode: 'fraudulent', message: 'Your card was declined.' },
}

/**
 * Cards that ask for 3-D Secure authentication (https://docs.stripe.com/testing#regulatory-cards):
 *  - `setup`: 4000 0025 0000 3155 asks on every payment made with the customer present; a card
 *    saved to a customer is charged without asking when the payment is made off-session.
 *  - `always`: 4000 0027 6000 3184 asks on every payment, off-session ones fail with
 *    `authentication_required`.
 */
export const THREE_D_SECURE: Record<string, 'setup' | 'always'> = {
  '4000002500003155': 'setup',
  '4000002760003184': 'always',
  '4000000000003220': 'always',
}

/** Test payment method ids accepted wherever a payment method id is. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeDeclinedFraudulent: '4100000000000019',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
}

/** Card tokens (`tok_visa`) as older integrations send them in `card[token]`. */
export const TEST_TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_amex: '378282246310005',
  tok_chargeDeclined: '4000000000000002',
  tok_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_threeDSecure2Required: '4000000000003220',
}

export function brandOf(number: string): Brand {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover'
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners'
  if (/^35/.test(number)) return 'jcb'
  if (/^62/.test(number)) return 'unionpay'
  return 'unknown'
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  let double = false
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

export function funding(number: string) {
  return number === '4000056655665556' ? 'debit' : 'credit'
}
