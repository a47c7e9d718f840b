import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { MessageFormatElement } from 'react-intl';
import { IntlProvider } from 'react-intl';
import type { LocaleCode } from '#machines/domain';
import { logger } from '../logger';
import { defaultLocale } from './locale';

export type Messages = Record<string, MessageFormatElement[]>;

/** A missing translation that has a default (en-AU) text to fall back to. */
function isFallback(error: { code: string }): boolean {
  const descriptor = (error as { descriptor?: { defaultMessage?: unknown } }).descriptor;
  return error.code === 'MISSING_TRANSLATION' && descriptor?.defaultMessage !== undefined;
}

/**
 * One function for every render: a new `onError` would give IntlProvider a new configuration and
 * re-render every component that formats a message (the whole app) whenever this provider renders
 * (decision 150).
 */
function onIntlError(error: { code: string; message: string }): void {
  // A message a locale does not override falls back to the code's en-AU text by design
  // (src/i18n/catalogs.ts); a message without any text is a defect worth a warning.
  if (isFallback(error)) return;
  logger.warn('i18n:', error.message);
}

interface LocaleControl {
  locale: LocaleCode;
  setLocale(locale: LocaleCode): void;
}

const LocaleContext = createContext<LocaleControl>({ locale: defaultLocale, setLocale: () => undefined });

export function useLocaleControl(): LocaleControl {
  return useContext(LocaleContext);
}

export function AppIntlProvider({
  initialLocale,
  initialMessages,
  loadMessages,
  children,
}: {
  initialLocale: LocaleCode;
  /** The catalog of `initialLocale`, loaded before the first render (src/main.tsx). */
  initialMessages: Messages;
  /** Loads another locale's catalog (src/i18n/catalogs.ts in the app). */
  loadMessages: (locale: LocaleCode) => Promise<Messages>;
  children: ReactNode;
}) {
  const [locale, setLocaleState] = useState<LocaleCode>(initialLocale);
  const [loaded, setLoaded] = useState<{ locale: LocaleCode; messages: Messages }>({
    locale: initialLocale,
    messages: initialMessages,
  });

  useEffect(() => {
    if (locale === loaded.locale) return;
    let cancelled = false;
    loadMessages(locale).then(
      (messages) => {
        if (!cancelled) setLoaded({ locale, messages });
      },
      (error: unknown) => logger.error('i18n: could not load the catalog', locale, error),
    );
    return () => {
      cancelled = true;
    };
  }, [locale, loaded.locale, loadMessages]);

  // A transition: the locale is shown once its catalog is loaded anyway, so the change is not
  // urgent and does not re-render the app inside the interaction that chose it (decision 150).
  const setLocale = useCallback((next: LocaleCode) => startTransition(() => setLocaleState(next)), []);
  const shown = loaded.locale;
  const control = useMemo(() => ({ locale: shown, setLocale }), [shown, setLocale]);

  useEffect(() => {
    document.documentElement.lang = shown;
  }, [shown]);

  return (
    <LocaleContext.Provider value={control}>
      <IntlProvider
        locale={shown}
        defaultLocale={defaultLocale}
        messages={loaded.messages}
        onError={onIntlError}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
