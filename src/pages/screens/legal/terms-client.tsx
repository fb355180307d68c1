import type { PageModule } from '../../routes'
import { LegalPage } from './legal'

export const termsSections = [
  {
    heading: 'The service',
    body: [
      'The marketplace connects clients with independent coaches and consultants who run workshops. Each workshop is provided by its coach, who is responsible for its content and delivery.',
    ],
  },
  {
    heading: 'Your account',
    body: [
      'You sign in with one-time codes sent to your email address. Keep access to that mailbox secure: anyone who can read it can sign in as you. You must give accurate information and be at least 16 years old.',
    ],
  },
  {
    heading: 'Bookings and seats',
    body: [
      'A booking holds its seats for a short time until it is paid; unpaid bookings are released. A confirmed booking gives you the number of seats you bought. You may invite other people to your seats; an invitation expires when the workshop starts or after 14 days.',
    ],
  },
  {
    heading: 'Payments, cancellations and refunds',
    body: [
      'Prices are shown before you pay and are charged by card through our payment provider. Vouchers apply under their own conditions and cannot be exchanged for cash. A cancelled paid booking is refunded to the original card.',
    ],
  },
  {
    heading: 'Acceptable use',
    body: [
      'Do not misuse the service: no unlawful content, harassment, attempts to break security, scraping, or resale of seats without the coach\u2019s permission. We may suspend accounts that break these terms.',
    ],
  },
  {
    heading: 'Liability',
    body: [
      'We provide the platform with reasonable care and skill. We are not responsible for the advice given in workshops by independent coaches. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: 'Changes and contact',
    body: ['We may update these terms; the effective date above shows the current version. Significant changes are announced by email before they apply.'],
  },
]

export default {
  title: 'Terms & Conditions',
  Page: () => (
    <LegalPage
      title="Terms & Conditions"
      intro="These terms govern your use of the marketplace as a client: creating an account, booking and paying for workshop seats, and inviting others."
      sections={termsSections}
      other={{ href: '/b/privacy-policy', label: 'Privacy Policy' }}
    />
  ),
} satisfies PageModule
