import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineComponentCss } from './scripts/vite-mantine-css';
import { metaJsonPlugin } from './scripts/vite-meta-plugin';

// The app is served by the local stack (server/) in production mode, and by Vite with the stack
// behind a proxy in development (`npm run dev`). Nothing here knows about the stack's ports:
// the dev proxy target comes from STACK_URL, set by server/main.ts.
const stackUrl = process.env.STACK_URL ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [mantineComponentCss(), react(), metaJsonPlugin()],
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
  },
});
