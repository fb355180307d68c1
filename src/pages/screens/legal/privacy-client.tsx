import type { PageModule } from '../../routes'
import { CONTACT, LegalPage } from './legal'

export const privacySections = [
  {
    heading: 'What we collect',
    body: [
      'Account data: your email address, name, username, optional headline, country of residence, phone number, avatar and the social profiles you choose to link.',
      'Booking data: the workshops you book, the seats you hold or share, invitations you send or accept, attendance and the feedback you leave.',
      'Payment data: card payments are processed by our payment provider. We keep the payment status, amount and a reference, never your full card number.',
      'Technical data: a session cookie that keeps you signed in, a security token that protects your requests, your display preference (light, dark or system), and server logs kept for security.',
    ],
  },
  {
    heading: 'Why we use it',
    body: [
      'To run your account and sign you in with one-time codes, to hold and confirm your bookings, to send invitations and receipts, to take payments and issue invoices, and to keep the service safe from abuse.',
      'We do not sell your personal data and we do not use it for third-party advertising.',
    ],
  },
  {
    heading: 'Who sees it',
    body: [
      'The coach running a workshop you booked sees your name, email and attendance for that workshop. People you invite to a seat see your name as the inviter.',
      'Service providers that host the platform, deliver email and process card payments handle data on our behalf under written agreements.',
    ],
  },
  {
    heading: 'How long we keep it',
    body: [
      'Account data is kept while your account is open. Booking and payment records are kept as long as tax and accounting law requires. Deleted accounts are removed from public view at once and erased after the retention period.',
    ],
  },
  {
    heading: 'Your rights',
    body: [
      `You can see and correct your data in Settings at any time. You can ask for a copy of your data, or for its deletion, by writing to ${CONTACT}. You may also complain to your data protection authority.`,
    ],
  },
  {
    heading: 'Changes',
    body: ['When this policy changes we update the effective date above and, for significant changes, tell you by email before they apply.'],
  },
]

export default {
  title: 'Privacy Policy',
  Page: () => (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what personal data we collect when you use the marketplace as a client, why we collect it, and the choices you have."
      sections={privacySections}
      other={{ href: '/b/terms-and-conditions', label: 'Terms & Conditions' }}
    />
  ),
} satisfies PageModule
