// Mantine's base styles; each component's own CSS is added where it is imported
// (scripts/vite-mantine.ts). All of it ends in the app's one stylesheet (decision 123).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's CSS variables, built from src/app/theme.ts at build time (decision 123).
import 'virtual:app-theme.css';
import { startRuntimeConfigLoad } from './app/live/config';
import { activateAppStyles, appContainer } from './boot/handoff';
import { detectLocale } from './i18n/locale';

/**
 * The entry: small on purpose (docs/decisions/123-critical-css.md). It asks for the
 * runtime configuration at once, then loads the app after the first paint, React's renderer in a
 * task of its own, so that no single task evaluates the whole app: a prerendered screen is on
 * display meanwhile. (Libraries are imported ahead through src/boot/libraries/, by name: a
 * dynamic import of a library's namespace, say '@mantine/core', would keep every export of it.)
 */
startRuntimeConfigLoad();

/** The first screen's libraries and machines, one task each (src/boot/libraries/, decision 181). */
const libraries = [
  () => import('./boot/libraries/state'),
  () => import('./boot/libraries/router'),
  () => import('./boot/libraries/ui'),
  // Then the first screen's state machines (src/boot/libraries/machines.ts): building them was most
  // of the app chunk's evaluation.
  () => import('./boot/libraries/machines'),
];
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const afterFirstPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The whole stylesheet, which the shell guard requests after the first paint of a prerendered
 * page (the page inlines only its screen's CSS, decision 123): the app renders once it is there,
 * so no screen of the app is ever shown without its styles. A stylesheet that failed to load fails
 * the boot (the prerendered screen stays; see below).
 */
function appStylesLoaded(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  return Promise.all(
    links.map((link) =>
      link.sheet
        ? undefined
        : new Promise<void>((resolve, reject) => {
            link.addEventListener('load', () => resolve(), { once: true });
            link.addEventListener('error', () => reject(new Error(`stylesheet ${link.href}`)), {
              once: true,
            });
          }),
    ),
  );
}

async function boot(root: HTMLElement): Promise<void> {
  const styles = appStylesLoaded();
  // Awaited below; a failure before then is not an unhandled rejection.
  styles.catch(() => undefined);
  await afterFirstPaint();
  // The page's hints for every chunk below (scripts/vite-prerender.ts): all fetched from now on.
  // One per task: adding a modulepreload link costs a few milliseconds of the main thread (4-8 ms
  // at 4x CPU), and a dozen at once made one long task (decision 181).
  const hints = document.getElementById('boot-preloads');
  if (hints instanceof HTMLTemplateElement) {
    for (const link of [...hints.content.children]) {
      document.head.append(link);
      await nextTask();
    }
  }
  // Each import evaluates its layer in a task of its own, in order. The catalog loader comes
  // after the libraries: its chunk imports them all, so importing it first (as before) evaluated
  // every library in the one task where its chunk arrived (145 ms at 4x CPU on /onboarding).
  // Its code is fetched already (the hints above); only its evaluation waits.
  const locale = detectLocale(navigator.languages);
  await import('react-dom/client');
  await nextTask();
  for (const layer of libraries) {
    await layer();
    await nextTask();
  }
  const catalog = import('./i18n/catalogs').then(({ loadMessages }) => loadMessages(locale));
  const { start } = await import('./boot/start');
  const messages = await catalog;
  await styles;
  // Rendering into the document (no prerendered screen on display, or a hidden one): the whole
  // stylesheet is active from the start. Otherwise the handoff activates it, a frame before the swap
  // (src/boot/handoff.ts, decision 123).
  if (root.isConnected) activateAppStyles();
  await nextTask();
  // The shell guard's word (decision 195): not once the page has said its code failed (an engine
  // may give a stylesheet that answered an error a sheet all the same: Chromium 150 does). From
  // here the app handles what fails to load (its code recovery, decision 195).
  if (window.__boot && !window.__boot.start()) return;
  start(root, locale, messages);
}

declare global {
  interface Window {
    /** The shell guard's boot recovery (src/boot/shell-guard.ts, decision 195). */
    __boot?: { failed: () => void; start: () => boolean };
  }
}

const root = appContainer();
if (root) {
  boot(root).catch(() => {
    // The app's code could not be loaded: the page says so, and loads itself afresh once the
    // origin answers (the shell guard; decision 195). Without it (the dev server's page), once the
    // browser is back online.
    if (window.__boot) window.__boot.failed();
    else window.addEventListener('online', () => window.location.reload(), { once: true });
  });
}
