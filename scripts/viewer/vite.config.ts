/**
 * Dev-only Vite config for the designer tools (never part of the app's production build, which
 * uses the root vite.config.ts with index.html as its only entry):
 *   /viewer/index.html        the state-chart viewer (scripts/viewer/)
 *   /atlas/harness.html       the screen-atlas harness (scripts/atlas/), driven by scripts/atlas.ts
 *   /atlas/fixtures/harness.html  the same harness for the atlas's deliberately broken fixtures
 *
 *   npm run viewer         vite dev server on a free port; prints the viewer's and the atlas's URLs
 *                          (/ redirects to /viewer/, /atlas-photos/ serves build/atlas: serve-plugin.ts)
 *   npm run viewer:build   static build into build/viewer/ (open with `npx vite preview --config scripts/viewer/vite.config.ts`)
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { atlasSeams } from '../atlas/seams-plugin';
import { deploymentPlugin } from '../vite-deployment';
import { mantinePlugin } from '../vite-mantine';
import { designerServer } from './serve-plugin';

const scriptsDir = join(import.meta.dirname, '..');
const rootDir = join(scriptsDir, '..');

export default defineConfig({
  root: scriptsDir,
  base: './',
  // The app's own per-component Mantine stylesheets (as the root vite.config.ts), so the atlas
  // sees the screens with exactly the styles the app ships.
  plugins: [
    mantinePlugin(rootDir),
    deploymentPlugin(),
    react(),
    atlasSeams(rootDir),
    designerServer(rootDir),
  ],
  server: { port: 5180, strictPort: false, fs: { allow: [rootDir] } },
  preview: { port: 5180, strictPort: false },
  build: {
    outDir: join(rootDir, 'build', 'viewer'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      input: {
        viewer: join(scriptsDir, 'viewer', 'index.html'),
        harness: join(scriptsDir, 'atlas', 'harness.html'),
        fixtures: join(scriptsDir, 'atlas', 'fixtures', 'harness.html'),
      },
    },
  },
});
