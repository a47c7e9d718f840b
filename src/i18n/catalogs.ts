import type { LocaleCode } from '#machines/domain';
import type { Messages } from './intl-provider';
import { defaultLocale } from './locale';

/**
 * The messages a locale needs besides the code's own. The default locale's texts (en-AU) are the
 * `defaultMessage`s at each usage site, precompiled into the code at build time by formatjs's
 * own plugin (`formatjsOptions` in scripts/vite-intl.ts): en-AU loads nothing. Another locale loads the
 * texts that differ from en-AU (`src/i18n/overrides/<locale>.json`, the source of its catalog),
 * precompiled too; every other message falls back to the code's en-AU text (react-intl's
 * `defaultMessage`). The browser never parses a message and the ICU parser is not shipped
 * (docs/decisions/180-formatjs-build-plugin.md). Only the app's build loads
 * them; tools that render screens with their own build (the atlas, the viewer) give their own
 * messages to react-intl.
 */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  if (locale === defaultLocale) return {};
  return (await import('./overrides/en-GB.json?ast')).default;
}
