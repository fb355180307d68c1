import type { PageModule } from '../../routes'
import { LegalPage } from './legal'
import { termsSections } from './terms-client'

const coachSections = [
  {
    heading: 'Running workshops',
    body: [
      'You are an independent professional, not our employee. You are responsible for the accuracy of your profile and workshop listings, for holding the qualifications you claim, and for delivering each scheduled workshop as described.',
    ],
  },
  {
    heading: 'Fees and payouts',
    body: [
      'Clients pay through the platform. For each schedule, your payout is the revenue of its confirmed bookings minus the platform fee shown in your account. Payouts are made after the workshop has taken place; refunds for cancelled bookings are deducted.',
    ],
  },
  {
    heading: 'Cancellations by the coach',
    body: [
      'If you cancel a schedule, every booking on it is cancelled and paid bookings are refunded in full. Repeated late cancellations may lead to suspension of your coach account.',
    ],
  },
  {
    heading: 'Content you upload',
    body: [
      'You keep the rights to the materials you upload and grant us a licence to host and show them to the clients of your workshops. Do not upload content you have no right to share.',
    ],
  },
  ...termsSections.filter((s) => s.heading !== 'Bookings and seats'),
]

export default {
  title: 'Terms & Conditions for Coaches',
  Page: () => (
    <LegalPage
      title="Terms & Conditions for Coaches"
      intro="These terms govern your use of the marketplace as a coach or consultant: publishing workshops, taking bookings, and receiving payouts."
      sections={coachSections}
      other={{ href: '/c/privacy-policy', label: 'Privacy Policy for Coaches' }}
    />
  ),
} satisfies PageModule
