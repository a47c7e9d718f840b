import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../app/app';
import { cssVariablesResolver, theme } from '../app/theme';
import { AppIntlProvider } from '../i18n/intl-provider';
import { detectLocale } from '../i18n/locale';

/**
 * Renders the app into `root`. A transition: the first render yields to the browser every few
 * milliseconds (no long task), and a prerendered page keeps showing its shell meanwhile.
 */
export function start(root: HTMLElement): void {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <AppIntlProvider initialLocale={detectLocale(navigator.languages)}>
            <App />
          </AppIntlProvider>
        </MantineProvider>
      </StrictMode>,
    );
  });
}
