import type { LocaleCode, RegionKey } from '#machines/domain';

export const supportedLocales: readonly LocaleCode[] = ['en-AU', 'en-GB'];
/** AU is the fallback region, so en-AU is the fallback locale (spec §9). */
export const defaultLocale: LocaleCode = 'en-AU';

export const localeByRegion: Record<RegionKey, LocaleCode> = { au: 'en-AU', uk: 'en-GB' };

/** Picks the first supported locale from the browser's preferences; en-AU otherwise. */
export function detectLocale(preferences: readonly string[]): LocaleCode {
  for (const pref of preferences) {
    const lower = pref.toLowerCase();
    if (lower === 'en-gb' || lower === 'en-uk') return 'en-GB';
    if (lower === 'en-au') return 'en-AU';
  }
  return defaultLocale;
}
