import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { LocaleCode } from '#machines/domain';
import { App } from '../app/app';
import { cssVariablesResolver, theme } from '../app/theme';
import { loadMessages } from '../i18n/catalogs';
import { AppIntlProvider, type Messages } from '../i18n/intl-provider';
import { AppMantineProvider } from './app-mantine-provider';

/**
 * Renders the app into `root`. A transition: the first render yields to the browser every few
 * milliseconds (no long task), and a prerendered page keeps showing its shell meanwhile.
 */
export function start(root: HTMLElement, locale: LocaleCode, messages: Messages): void {
  // Rendering outside the document: a prerendered screen is on display, the app takes over from it.
  const prerendered = !root.isConnected;
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <AppIntlProvider initialLocale={locale} initialMessages={messages} loadMessages={loadMessages}>
            <App loadFirst={prerendered} />
          </AppIntlProvider>
        </AppMantineProvider>
      </StrictMode>,
    );
  });
}
