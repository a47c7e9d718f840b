/**
 * The one `regions` table (spec §3 regional resources, §5 region-specific patterns, §9 constants).
 * Region-specific rules come from here, never from region checks scattered in views. Labels,
 * placeholders and names are message descriptors (`messages.ts`), keyed by region code.
 */
import type { LocaleCode, RegionKey } from '#machines/domain';
import { type Descriptor, regionMessages, typeMessages } from './messages';

export interface RegionOption {
  /** The stored value (state short key, country key). */
  key: string;
  name: Descriptor;
}

export interface RegionRules {
  key: RegionKey;
  locale: LocaleCode;
  /** Phone prefix shown beside phone inputs. */
  phonePrefix: '+61' | '+44';
  /** Country calling code accepted at the start of a phone number of this region. */
  callingCode: '61' | '44';
  businessNumber: {
    label: Descriptor;
    placeholder: Descriptor;
    /** Lenient shape as typed (digits and spaces). */
    lenient: RegExp;
    /** Strict shape once spaces are removed. */
    strict: RegExp;
    message: Descriptor;
  };
  postcode: { pattern: RegExp; message: Descriptor };
  /** Landline area codes allowed in brackets, e.g. '(02)'; null when any (0[1-9]) is allowed. */
  landlineAreaCodes: readonly string[] | null;
  /** Empty when the region has no state list (then state is not required). */
  states: readonly RegionOption[];
  countries: readonly RegionOption[];
}

export const regions: Readonly<Record<RegionKey, RegionRules>> = {
  au: {
    key: 'au',
    locale: 'en-AU',
    phonePrefix: '+61',
    callingCode: '61',
    businessNumber: {
      label: regionMessages.auBusinessNumberLabel,
      placeholder: regionMessages.auBusinessNumberPlaceholder,
      lenient: /^[\d ]{11,14}$/,
      strict: /^\d{11}$/,
      message: typeMessages.businessNumberAu,
    },
    postcode: { pattern: /^\d{4}$/, message: typeMessages.postcodeAu },
    landlineAreaCodes: ['02', '03', '04', '07', '08'],
    states: [
      { key: 'ACT', name: regionMessages.auStateACT },
      { key: 'NSW', name: regionMessages.auStateNSW },
      { key: 'NT', name: regionMessages.auStateNT },
      { key: 'QLD', name: regionMessages.auStateQLD },
      { key: 'SA', name: regionMessages.auStateSA },
      { key: 'TAS', name: regionMessages.auStateTAS },
      { key: 'VIC', name: regionMessages.auStateVIC },
      { key: 'WA', name: regionMessages.auStateWA },
    ],
    countries: [{ key: 'AU', name: regionMessages.auCountryAU }],
  },
  uk: {
    key: 'uk',
    locale: 'en-GB',
    phonePrefix: '+44',
    callingCode: '44',
    businessNumber: {
      label: regionMessages.ukBusinessNumberLabel,
      placeholder: regionMessages.ukBusinessNumberPlaceholder,
      lenient: /^(?:[A-Za-z]{2}|\d{2})[\d ]{6,8}$/,
      strict: /^(?:[A-Za-z]{2}|\d{2})\d{6}$/,
      message: typeMessages.businessNumberUk,
    },
    // Outward code (A9, A99, AA9, AA99, A9A, AA9A), a space, then a digit and two letters.
    postcode: { pattern: /^[A-Za-z]{1,2}\d[A-Za-z\d]? \d[A-Za-z]{2}$/, message: typeMessages.postcodeUk },
    landlineAreaCodes: null,
    states: [],
    countries: [{ key: 'UK', name: regionMessages.ukCountryUK }],
  },
};

/** AU is the fallback region (spec §9). */
export const fallbackRegion: RegionKey = 'au';
export const regionKeys: readonly RegionKey[] = ['au', 'uk'];

export function isRegionKey(value: unknown): value is RegionKey {
  return value === 'au' || value === 'uk';
}

/** The rules of a region key (case-insensitive), falling back to AU for anything unknown. */
export function regionFor(key: string | null | undefined): RegionRules {
  const lower = typeof key === 'string' ? key.toLowerCase() : '';
  return isRegionKey(lower) ? regions[lower] : regions[fallbackRegion];
}
