import type { Country } from '../components/combobox/country-combobox'

/** A few countries for stories and fixtures (the app passes its full list). */
export const SAMPLE_COUNTRIES: readonly Country[] = [
  { name: 'Côte d’Ivoire', dialCode: '+225', code: 'CI', flag: '🇨🇮' },
  { name: 'France', dialCode: '+33', code: 'FR', flag: '🇫🇷' },
  { name: 'Germany', dialCode: '+49', code: 'DE', flag: '🇩🇪' },
  { name: 'Ireland', dialCode: '+353', code: 'IE', flag: '🇮🇪' },
  { name: 'Japan', dialCode: '+81', code: 'JP', flag: '🇯🇵' },
  { name: 'Portugal', dialCode: '+351', code: 'PT', flag: '🇵🇹' },
  { name: 'United Kingdom', dialCode: '+44', code: 'GB', flag: '🇬🇧' },
  { name: 'United States', dialCode: '+1', code: 'US', flag: '🇺🇸' },
]
