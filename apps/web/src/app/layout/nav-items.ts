import type { ParseKeys } from 'i18next';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  label: ParseKeys;
  /** Matches only the exact path (the home link). */
  end?: boolean;
}

/** Header navigation (docs/public-site.md): Home, Services, Pricing, FAQ, Become a Pro, About, Contact, Register as a Professional. */
export const MAIN_NAV: NavItem[] = [
  { to: paths.home(), label: 'nav.home', end: true },
  { to: paths.services(), label: 'nav.services' },
  { to: paths.pricing(), label: 'nav.pricing' },
  { to: paths.faq(), label: 'nav.faq' },
  { to: paths.becomePro(), label: 'nav.becomePro' },
  { to: paths.about(), label: 'nav.about' },
  { to: paths.contact(), label: 'nav.contact' },
  // docs/public-site.md header: Register as a Professional, straight into the onboarding wizard.
  { to: paths.professionalOnboarding(), label: 'nav.registerProfessional' },
];

/** The signed-in account menu (docs/public-site.md): Dashboard, Profile, Mobile Features, then Logout. */
export const ACCOUNT_NAV: NavItem[] = [
  { to: paths.dashboard(), label: 'nav.dashboard' },
  { to: paths.profile(), label: 'nav.profile' },
  { to: paths.nativeFeatures(), label: 'nav.nativeFeatures' },
];
