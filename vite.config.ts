import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { basename, relative } from 'node:path';
import formatjs from '@formatjs/unplugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunksPlugin } from './scripts/vite-chunks';
import { deploymentPlugin } from './scripts/vite-deployment';
import { hostingPlugin } from './scripts/vite-hosting';
import { runtimePlugin } from './scripts/vite-hosting-runtime';
import { formatjsOptions, intlPlugin } from './scripts/vite-intl';
import { loadMantineUseId, mantinePlugin } from './scripts/vite-mantine';
import { precompressPlugin } from './scripts/vite-precompress';
import { prerenderPlugin } from './scripts/vite-prerender';

// The app is served by the local stack (server/) in production mode, and by Vite with the stack
// behind a proxy in development (`npm run dev`). Nothing here knows about the stack's ports:
// the dev proxy target comes from STACK_URL, set by server/main.ts.
function scopedClassName(name: string, filename: string): string {
  const file = relative(import.meta.dirname, filename.split('?')[0] ?? filename);
  const hash = createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6);
  return `${basename(file)
    .replace(/\.module\.css$/, '')
    .replace(/[^\w-]/g, '_')}_${name}_${hash}`;
}

const chunks = chunksPlugin(import.meta.dirname);

const stackUrl = process.env.STACK_URL ?? 'http://localhost:4000';

// @auth0/auth0-react's published bundles inline their own copy of @auth0/auth0-spa-js; the app
// gives its provider the one SDK client it creates itself (src/auth/auth0-edge.tsx), so the
// provider and its hook are built from the package's sources (src/auth/auth0-react-sources.js),
// with the SDK imported once. Its version goes into the SDK's telemetry header as in the bundles.
const auth0React = createRequire(import.meta.url)('@auth0/auth0-react/package.json') as { version: string };

export default defineConfig({
  // One plugin per concern, each in its own file under scripts/ (vite-<concern>.ts).
  plugins: [
    // Precompiled catalogs, no locale negotiation at start-up (decisions 180, 180).
    intlPlugin(),
    formatjs(formatjsOptions),
    // Component stylesheets, the theme's stylesheet, ids without a second render (decisions 123, 150).
    mantinePlugin(import.meta.dirname),
    // The deployment's defaults as the app's fallbacks, and meta.json (decisions 002, 117).
    deploymentPlugin(),
    react(),
    // The boot's chunks, CommonJS wrappers compiled with their chunk, the chunk graph (decisions 140, 181).
    chunks.plugin,
    // The signed-out first screens as HTML (decision 123).
    prerenderPlugin(),
    // Last: dist-hosting/ (the policy, the nginx include, build-inputs.json; decision 115).
    ...hostingPlugin(),
    // After everything is written: the .br and .gz of every text file (decision 140).
    precompressPlugin(),
    // Then build/runtime/: the compiled production server with its copy of the build.
    runtimePlugin(),
  ],
  resolve: {
    alias: [
      {
        find: /^@auth0\/auth0-react$/,
        replacement: `${import.meta.dirname}/src/auth/auth0-react-sources.js`,
      },
    ],
  },
  define: { __VERSION__: JSON.stringify(auth0React.version) },
  css: {
    // The same class names in the client build and in the prerender (src/prerender), which renders
    // through Vite's SSR loader: named from the file and the class, never from the build mode.
    modules: { generateScopedName: scopedClassName },
  },
  optimizeDeps: {
    // The development server's prebundled Mantine gets the same use-id module as the build.
    rolldownOptions: {
      plugins: [{ name: 'practice-onboarding:mantine-use-id-dev', load: loadMantineUseId }],
    },
  },
  server: {
    proxy: {
      '/api': { target: stackUrl, changeOrigin: false },
      '/sockets': { target: stackUrl, ws: true, changeOrigin: false },
      '/meta.json': { target: stackUrl, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    assetsInlineLimit: 0,
    // One stylesheet (docs/decisions/123-critical-css.md): the prerendered pages inline its critical
    // part and add it after the first paint; no chunk loads a stylesheet at run time.
    cssCodeSplit: false,
    // Every browser the app supports knows <link rel="modulepreload"> (Chrome 66, Safari 17,
    // Firefox 115); the polyfill would only weigh on the entry (decision 181).
    // A lazily loaded part's JavaScript is never <link rel="modulepreload">ed from script: WebKit keeps
    // a failed modulepreload in its memory cache across a reload, so a screen opened offline would
    // fail again in the document loaded afresh (decision 181). The first screen's chunks stay
    // preloaded from the HTML; a lazy part's static imports are fetched when its chunk is parsed.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // The boot's layers as chunks, read from the module graph (scripts/vite-chunks.ts, decision 181).
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
});
