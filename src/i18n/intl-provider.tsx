import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import type { LocaleCode } from '../../machines/domain';
import { logger } from '../app/logger';
import { defaultLocale } from './locale';

type Messages = Record<string, string>;

/** en-AU is the source language (the defaultMessage at each usage site), so it needs no catalog. */
async function loadMessages(locale: LocaleCode): Promise<Messages> {
  if (locale === 'en-GB') return (await import('./catalogs/en-GB.json')).default as Messages;
  return {};
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
  children,
}: {
  initialLocale: LocaleCode;
  children: ReactNode;
}) {
  const [locale, setLocaleState] = useState<LocaleCode>(initialLocale);
  const [loaded, setLoaded] = useState<{ locale: LocaleCode; messages: Messages }>({
    locale: defaultLocale,
    messages: {},
  });

  useEffect(() => {
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
  }, [locale]);

  const setLocale = useCallback((next: LocaleCode) => setLocaleState(next), []);
  const control = useMemo(() => ({ locale: loaded.locale, setLocale }), [loaded.locale, setLocale]);

  useEffect(() => {
    document.documentElement.lang = loaded.locale;
  }, [loaded.locale]);

  return (
    <LocaleContext.Provider value={control}>
      <IntlProvider
        locale={loaded.locale}
        defaultLocale={defaultLocale}
        messages={loaded.messages}
        onError={(error) => logger.warn('i18n:', error.message)}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
