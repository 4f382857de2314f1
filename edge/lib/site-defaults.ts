/**
 * The public site's defaults that both the API and the pages need: the four sponsorship packages and the
 * enquiry's subscription choices. No imports: the pages show these before the API answers, without
 * pulling the database code into their bundle.
 */
export interface SitePackage {
  /** Stable slug, for links and for preselecting a package in the enquiry popup. */
  id: string;
  name: string;
  /** Shown as written, e.g. "10 Lakhs + GST". */
  price: string;
  badge?: string;
  features: string[];
}

const GENERAL_ENQUIRY = 'General Enquiry';

/**
 * The four package cards and their prices, platinum "Most Popular". The deliverables are known (expo
 * stalls, podcast life story, company profile, strip ads, online sales sessions, digital strategies)
 * but not which pack has which; the split and the counts below are a sensible default that
 * grows with the tier, for an organiser to correct in Settings.
 */
export const DEFAULT_PACKAGES: SitePackage[] = [
  {
    id: 'platinum-10',
    name: '10 PACK PLATINUM',
    price: '10 Lakhs + GST',
    badge: 'Most Popular',
    features: ['2 expo stalls', 'Podcast life story', 'Company profile', 'Strip ads', '4 online sales sessions', 'Digital strategies'],
  },
  {
    id: 'gold-6',
    name: '6 PACK GOLD',
    price: '6 Lakhs + GST',
    features: ['1 expo stall', 'Podcast life story', 'Company profile', 'Strip ads', '2 online sales sessions', 'Digital strategies'],
  },
  {
    id: 'silver-4',
    name: '4 PACK SILVER',
    price: '4 Lakhs + GST',
    features: ['1 expo stall', 'Company profile', 'Strip ads', '1 online sales session'],
  },
  {
    id: 'silver-3',
    name: '3 PACK SILVER',
    price: '3 Lakhs + GST',
    features: ['1 expo stall', 'Company profile', 'Strip ads'],
  },
];

/**
 * The enquiry popup's subscription choices: the package names plus "General Enquiry". Derived from the
 * packages (not a separate list, which once offered a "2 PACK BRONZE" no card sells), so the choices and
 * the cards can never disagree.
 */
export function subscriptionChoices(packages: SitePackage[]): string[] {
  return [...packages.map((p) => p.name), GENERAL_ENQUIRY];
}
