// Mantine's base styles; each component's own CSS is added where it is imported
// (scripts/vite-mantine-css.ts), so every screen carries just the styles it uses.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startRuntimeConfigLoad } from './app/live/config';
import { cssVariablesResolver, theme } from './app/theme';
import { appContainer } from './boot/handoff';
import { AppIntlProvider } from './i18n/intl-provider';
import { detectLocale } from './i18n/locale';

// The runtime configuration is requested now, while React and the first screen get ready.
startRuntimeConfigLoad();

const root = appContainer();
if (root) {
  // A transition: the first render yields to the browser every few milliseconds (no long task),
  // and a prerendered page keeps showing its shell meanwhile.
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
