// Mantine's base styles; each component's own CSS is added where it is imported
// (scripts/vite-mantine-css.ts), so every screen carries just the styles it uses.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { startRuntimeConfigLoad } from './app/live/config';
import { appContainer } from './boot/handoff';

/**
 * The entry: small on purpose (docs/decisions/051-prerendered-first-screens.md). It asks for the
 * runtime configuration at once, then loads the app after the first paint, one library per task,
 * so that no single task evaluates the whole app: a prerendered screen is on display meanwhile.
 */
startRuntimeConfigLoad();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const afterFirstPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function boot(root: HTMLElement): Promise<void> {
  await afterFirstPaint();
  // Fetched together, evaluated one after the other.
  const libraries = [
    import('react-dom/client'),
    import('@mantine/core'),
    import('@tanstack/react-router'),
    import('xstate'),
    import('react-intl'),
  ];
  for (const library of libraries) {
    await library;
    await nextTask();
  }
  const { start } = await import('./boot/start');
  await nextTask();
  start(root);
}

const root = appContainer();
if (root) {
  boot(root).catch(() => {
    // The app's code could not be loaded (the network dropped): the prerendered screen stays, and
    // the page loads again once the browser is back online.
    window.addEventListener('online', () => window.location.reload(), { once: true });
  });
}
