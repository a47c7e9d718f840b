/**
 * The atlas harness page for the app's machines (scripts/atlas/harness.html). Stylesheets arrive
 * exactly as in the app's build: the three Mantine base files and the theme's (as src/main.tsx) and, per module,
 * the component stylesheets scripts/vite-mantine.ts adds (scripts/viewer/vite.config.ts uses
 * the same plugin), so a stylesheet missing from the app is missing here too and the layout check
 * sees it.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import 'virtual:app-theme.css';
import { startHarness } from './harness-core';
import { atlasScreenSets, atlasTargets } from './targets';

startHarness(atlasTargets, atlasScreenSets);
