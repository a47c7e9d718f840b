// Mantine's base styles; each component's own CSS is added where it is imported
// (scripts/vite-mantine-css.ts), so every screen carries just the styles it uses.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { cssVariablesResolver, theme } from './app/theme';
import { AppIntlProvider } from './i18n/intl-provider';
import { detectLocale } from './i18n/locale';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AppIntlProvider initialLocale={detectLocale(navigator.languages)}>
          <App />
        </AppIntlProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
