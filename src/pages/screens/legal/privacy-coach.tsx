import type { PageModule } from '../../routes'
import { LegalPage } from './legal'
import { privacySections } from './privacy-client'

const coachSections = [
  {
    heading: 'Your public profile',
    body: [
      'As a coach, your username, name, avatar, headline, country, business name, biography, specializations, experience, certifications, introduction video and linked social profiles are shown publicly on your profile page and next to your workshops. Your email address and phone number are never shown publicly.',
    ],
  },
  {
    heading: 'Your clients\u2019 data',
    body: [
      'You receive the names, emails and attendance of the people who book your workshops so that you can deliver them. You may use this data only to deliver and follow up on those workshops, must keep it secure, and must delete it when you no longer need it for that purpose.',
    ],
  },
  {
    heading: 'Payouts and invoices',
    body: [
      'To pay you, we keep records of the revenue of your confirmed bookings, the platform fee, and your payout status. Invoices issued for your workshops carry your business name.',
    ],
  },
  ...privacySections,
]

export default {
  title: 'Privacy Policy for Coaches',
  Page: () => (
    <LegalPage
      title="Privacy Policy for Coaches"
      intro="This policy explains what personal data we collect when you run workshops as a coach or consultant, what we publish on your behalf, and your duties towards your clients' data."
      sections={coachSections}
      other={{ href: '/c/terms-and-conditions', label: 'Terms & Conditions for Coaches' }}
    />
  ),
} satisfies PageModule
