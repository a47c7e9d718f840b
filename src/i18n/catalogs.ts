import type { LocaleCode } from '../../machines/domain';
import type { Messages } from './intl-provider';

/**
 * The catalogs, precompiled at build time (scripts/vite-icu-catalogs.ts): the browser never parses
 * a message, and the ICU parser is not shipped (docs/decisions/054-precompiled-catalogs.md). Only
 * the app's build loads them (src/main.tsx, src/boot/start.tsx); tools that render screens with
 * their own build (the atlas, the viewer) give their own messages to react-intl.
 */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  if (locale === 'en-GB') return (await import('./catalogs/en-GB.json?ast')).default;
  return (await import('./catalogs/en-AU.json?ast')).default;
}
