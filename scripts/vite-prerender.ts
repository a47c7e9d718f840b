import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createServer, type Plugin } from 'vite';

/**
 * Build step: the signed-out first screens as HTML (docs/decisions/051-prerendered-first-screens.md).
 *
 * After the client build is written, each route of `src/prerender/render.tsx` is rendered with
 * react-dom/server from the same components and catalogs (loaded through Vite's SSR module loader
 * with this same config) into `dist/<route>/index.html`, with:
 * - the app's one stylesheet inlined (docs/decisions/057-one-stylesheet.md) instead of a
 *   render-blocking request;
 * - a `modulepreload` hint for every chunk the entry loads after the first paint (the app, React's
 *   renderer, the catalog loader, what they import, and the route's screen), kept in a template
 *   the entry adds to the page after the first paint, all at once (see `hintTemplate`);
 * - the screen's title;
 * - the shell guard (src/boot/shell-guard.ts) as the one inline script, allowed by its hash, which
 *   is written to `dist/csp.json` for the server's Content-Security-Policy.
 * The built `index.html` (empty `#root`), with the same modulepreload hints, is kept as
 * `dist/200.html`: the SPA fallback for every other route, as static hosts name it.
 */

const root = join(import.meta.dirname, '..');

export interface PrerenderModule {
  prerenderedScreens: Record<string, unknown>;
  screenModuleOf: Record<string, string>;
  prerenderRoute(path: string): Promise<{ html: string; title: string; heading: string }>;
  shellGuardSource(): string;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss?: Set<string> };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The modulepreload hints, inert in a `<template>` until the entry adds them after the first
 * paint (src/main.tsx): hints in the page itself start their requests before the first paint,
 * which competes with it (Lighthouse's simulation counted them: FCP 3.2–3.4 s with the hints in
 * the page, 1.3–1.7 s without, decision 057).
 */
export const bootHintsId = 'boot-preloads';
const hintTemplate = (links: string, entry?: string) =>
  `<template id="${bootHintsId}"${entry ? ` data-entry="/${entry}"` : ''}>${links}</template>`;

export function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-first-screens',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      if (options.format && options.format !== 'es') return;
      const dir = options.dir ?? outDir;
      const chunks = Object.values(bundle).filter(
        (item): item is ChunkLike & typeof item => item.type === 'chunk',
      );
      const byName = new Map(chunks.map((c) => [c.fileName, c as unknown as ChunkLike]));
      const entry = chunks.find((c) => c.isEntry) as unknown as ChunkLike | undefined;
      if (!entry) return;

      const cssOf = (start: string[]): string[] => {
        const seen = new Set<string>();
        const css: string[] = [];
        const stack = [...start];
        while (stack.length > 0) {
          const name = stack.shift()!;
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = byName.get(name);
          for (const file of chunk?.viteMetadata?.importedCss ?? []) if (!css.includes(file)) css.push(file);
          stack.push(...(chunk?.imports ?? []));
        }
        return css;
      };

      const server = await createServer({
        configFile: join(root, 'vite.config.ts'),
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const mod = (await server.ssrLoadModule('/src/prerender/render.tsx')) as PrerenderModule;
        const template = readFileSync(join(dir, 'index.html'), 'utf8');

        const guard = `(${mod.shellGuardSource()})()`;
        const entryTag = new RegExp(`\\s*<script type="module"[^>]*src="/${entry.fileName}"[^>]*></script>`);
        if (!entryTag.test(template))
          throw new Error(`prerender: index.html does not load ${entry.fileName}`);
        const guardTag = `<script>${guard}</script>`;
        // The entry's stylesheets are the ones index.html links (inlined instead of linked).
        const linked = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)].map(
          (m) => m[1]!,
        );
        const entryCss = [...linked, ...cssOf([entry.fileName])];
        // What the entry imports after the first paint, with everything those chunks import.
        const closure = (start: string[]): string[] => {
          const seen = new Set<string>();
          const stack = [...start];
          while (stack.length > 0) {
            const name = stack.shift()!;
            if (seen.has(name)) continue;
            seen.add(name);
            stack.push(...(byName.get(name)?.imports ?? []));
          }
          return [...seen];
        };
        // What the entry loads statically is loaded with it, before the hints are added.
        const withEntry = new Set(closure([entry.fileName]));
        const preloaded = new Set(closure(entry.dynamicImports).filter((file) => !withEntry.has(file)));
        const preloads = [...preloaded]
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        // The SPA fallback gets the same hints: the entry imports its layers one after the other.
        writeFileSync(
          join(dir, '200.html'),
          template.replace('</head>', `  ${hintTemplate(preloads)}\n  </head>`),
        );

        for (const path of Object.keys(mod.prerenderedScreens)) {
          const screenModule = join(root, mod.screenModuleOf[path] ?? '');
          const screen = chunks.find(
            (c) => c.facadeModuleId === screenModule || c.moduleIds.includes(screenModule),
          );
          if (!screen) throw new Error(`prerender: no chunk holds the screen of ${path} (${screenModule})`);
          const css = [
            // A visitor who may have a session never sees the signed-out shell (src/boot/shell-guard.ts).
            'html[data-session=maybe] #shell{display:none}',
            ...[...new Set([...entryCss, ...cssOf([screen.fileName])])].map((file) =>
              readFileSync(join(dir, file), 'utf8'),
            ),
          ].join('\n');
          // The route's own screen chunks are hinted too: the router finds them fetched.
          const routePreloads = closure([screen.fileName])
            .filter((file) => !preloaded.has(file) && !withEntry.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('\n    ');
          const { html, title } = await mod.prerenderRoute(path);
          let page = template
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            .replace(/<head>/, `<head>\n    ${guardTag}`)
            .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
            // The entry is requested by the shell guard after the first paint (src/boot/shell-guard.ts).
            .replace(entryTag, '')
            .replace(
              '</head>',
              `  ${hintTemplate(`${preloads}\n    ${routePreloads}`, entry.fileName)}\n    <style data-prerendered>${css}</style>\n  </head>`,
            )
            .replace(
              '<div id="root"></div>',
              `<div id="shell" data-prerendered="${escapeHtml(path)}">${html}</div>`,
            );
          if (!page.includes('id="shell"')) throw new Error('prerender: index.html has no empty #root');
          page = page.replace(/\n\s*\n/g, '\n');
          const file = path === '/' ? join(dir, 'index.html') : join(dir, path, 'index.html');
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
          this.info?.(`prerendered ${path} → ${relative(dir, file)}`);
        }
        writeFileSync(
          join(dir, 'csp.json'),
          `${JSON.stringify({ scriptHashes: [sha256(guard)] }, null, 2)}\n`,
        );
      } finally {
        await server.close();
      }
    },
  };
}
