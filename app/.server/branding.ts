import type { CreditorBranding } from '../../server/domain/branding/service';
import { creditorTimeZone } from '../../server/domain/creditors/time-zone';
import type { CreditorRow } from '../../server/domain/creditors/types';
import { formatTime } from '../../i18n/languages';
import type { CreditorContact, PageBrand } from '../components/PayerPage';

/** The header's logo box in CSS pixels: the stored file (at most 400×80) is drawn at half its size. */
const LOGO_BOX = { width: 200, height: 40 };

/** A creditor's branding as a page's frame carries it: file URLs and the logo's drawn size. */
export function brandFrame(branding: CreditorBranding): { brand: PageBrand } {
  const logo = branding.logo;
  const scale = logo ? Math.min(1, LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height) : 1;
  return {
    brand: {
      logo: logo && {
        url: logo.url,
        width: Math.max(1, Math.round(logo.width * scale)),
        height: Math.max(1, Math.round(logo.height * scale)),
      },
      themeUrl: branding.themeUrl,
    },
  };
}

/** How payers reach the creditor: its address on one line, and its email and phone when it gave them. */
export function contactOf(creditor: CreditorRow): CreditorContact {
  return {
    address: [creditor.address_line1, creditor.city, creditor.postal_code].filter(Boolean).join(', ') || undefined,
    email: creditor.email ?? undefined,
    phone: creditor.phone_number ?? undefined,
  };
}

/** Instants (an authorisation's expiry) are read in the creditor's time zone, named beside the time. */
export const creditorTime = (creditor: CreditorRow, locale: string, instant: Date): string =>
  formatTime(locale, instant, creditorTimeZone(creditor));
