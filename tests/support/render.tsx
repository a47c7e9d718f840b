/**
 * Renders a component inside the app's providers (Mantine with the app theme, react-intl) for
 * jsdom component tests. Test files start with `// @vitest-environment jsdom`.
 *
 *   const { getByLabelText } = renderWithProviders(<MyView />, { locale: 'en-GB' });
 *
 * en-AU uses the source default messages; en-GB loads the generated catalog when it exists (else
 * the overrides), so en-GB texts show exactly as in the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { LocaleCode } from '#machines/domain';
import { theme } from '../../src/app/theme';

/** jsdom lacks a few browser APIs Mantine uses; add harmless stand-ins once. */
function installBrowserStubs(): void {
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', {
      writable: true,
      configurable: true,
      value: ResizeObserverStub,
    });
  }
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        ready: Promise.resolve(),
      },
    });
  }
  if (!Element.prototype.scrollIntoView) {
    Element.prototype.scrollIntoView = () => undefined;
  }
}

const root = join(import.meta.dirname, '..', '..');

/** The messages a locale shows in the app: {} for en-AU (defaults), the en-GB catalog otherwise. */
export function messagesFor(locale: LocaleCode): Record<string, string> {
  if (locale === 'en-AU') return {};
  for (const file of ['src/i18n/catalogs/en-GB.json', 'src/i18n/overrides/en-GB.json']) {
    const path = join(root, file);
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  }
  return {};
}

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  locale?: LocaleCode;
  /** Extra or replacement messages. */
  messages?: Record<string, string>;
}

export function Providers({
  children,
  locale = 'en-AU',
  messages,
}: {
  children: ReactNode;
  locale?: LocaleCode;
  messages?: Record<string, string>;
}) {
  installBrowserStubs();
  return (
    <IntlProvider locale={locale} defaultLocale="en-AU" messages={{ ...messagesFor(locale), ...messages }}>
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    </IntlProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}): RenderResult {
  installBrowserStubs();
  const { locale, messages, ...rest } = options;
  return render(ui, {
    ...rest,
    wrapper: ({ children }) => (
      <Providers locale={locale ?? 'en-AU'} {...(messages ? { messages } : {})}>
        {children}
      </Providers>
    ),
  });
}
