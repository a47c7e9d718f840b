/**
 * What the designer tools' server answers besides Vite's own files (decision 130), in
 * `npm run viewer` (dev) and `vite preview` alike:
 *   /                    → 302 to /viewer/ (the URL Vite prints must open the viewer, not a 404)
 *   /atlas-photos/…      → the screen atlas's output (build/atlas: index.html, shots/, shots.json),
 *                          or, before `npm run atlas` ran, a page that says how to make it
 * and it prints the viewer's and the atlas's addresses under Vite's own.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';

export const ATLAS_PATH = '/atlas-photos/';

type Next = (error?: unknown) => void;

const noAtlasPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Screen atlas — not made yet</title></head>
<body style="font-family:system-ui,sans-serif;margin:24px">
<h1>Screen atlas — not made yet</h1>
<p>Run <code>npm run atlas</code> (about 5–10 minutes; <code>npm run atlas -- --only onboarding</code> for one machine),
then reload this page: it shows every state's screen in en-AU and en-GB at 375 and 1280 px.</p>
<p><a href="../viewer/">Back to the state-chart viewer</a></p>
</body></html>
`;

export function designerServer(rootDir: string): Plugin {
  const atlasDir = (): string => process.env.VIEWER_ATLAS_DIR ?? join(rootDir, 'build', 'atlas');
  let serveAtlas: ReturnType<typeof sirv> | null = null;
  let servedDir = '';
  const handle = (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const url = req.url ?? '/';
    const [path = '/', query = ''] = url.split('?');
    if (path === '/' || path === '/index.html') {
      res.statusCode = 302;
      res.setHeader('Location', `/viewer/${query ? `?${query}` : ''}`);
      res.end();
      return;
    }
    if (path === ATLAS_PATH.slice(0, -1)) {
      res.statusCode = 302;
      res.setHeader('Location', ATLAS_PATH);
      res.end();
      return;
    }
    if (!path.startsWith(ATLAS_PATH)) {
      next();
      return;
    }
    const dir = atlasDir();
    if (!existsSync(join(dir, 'index.html'))) {
      if (path === ATLAS_PATH || path === `${ATLAS_PATH}index.html`) {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(noAtlasPage);
        return;
      }
      if (path === `${ATLAS_PATH}shots.json`) {
        // The viewer asks on every open: "no atlas yet" is an answer, not a failure.
        res.statusCode = 200;
        res.setHeader('Content-Type', 'application/json');
        res.end('{"machines":null}');
        return;
      }
      res.statusCode = 404;
      res.end();
      return;
    }
    if (!serveAtlas || servedDir !== dir) {
      // dev: files are looked up per request, so a fresh `npm run atlas` shows without a restart.
      serveAtlas = sirv(dir, { dev: true, etag: true });
      servedDir = dir;
    }
    const original = req.url;
    req.url = url.slice(ATLAS_PATH.length - 1) || '/';
    serveAtlas(req, res, () => {
      req.url = original;
      res.statusCode = 404;
      res.end();
    });
  };
  const announce = (server: ViteDevServer | PreviewServer) => {
    const print = server.printUrls.bind(server);
    server.printUrls = () => {
      print();
      const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
      if (!origin) return;
      server.config.logger.info(`  ➜  Viewer:  ${origin}/viewer/`);
      server.config.logger.info(
        `  ➜  Atlas:   ${origin}${ATLAS_PATH}${existsSync(join(atlasDir(), 'index.html')) ? '' : ' (run `npm run atlas` first)'}`,
      );
    };
  };
  return {
    name: 'designer-server',
    configureServer(server) {
      server.middlewares.use(handle);
      announce(server);
    },
    configurePreviewServer(server) {
      server.middlewares.use(handle);
      announce(server);
    },
  };
}
