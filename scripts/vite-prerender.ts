import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Beasties from 'beasties';
import { createServer, minifySync, type Plugin } from 'vite';
import { hostingDirOf } from '../deploy/hosting-policy';
import { pruneUnmatchedRules } from './critical-css';

/**
 * Build step: the signed-out first screens as HTML (docs/decisions/123-critical-css.md).
 *
 * After the client build is written, each route of `src/prerender/render.tsx` is rendered with
 * react-dom/server from the same components and catalogs (loaded through Vite's SSR module loader
 * with this same config) into `dist/<route>/index.html`, with:
 * - only the CSS the screen needs inlined, chosen by beasties from the app's one stylesheet
 *   (docs/decisions/123-critical-css.md), and the whole stylesheet requested after the first
 *   paint by the shell guard (its address in the boot-hints template's `data-styles`), never a
 *   render-blocking request and never an inline event handler;
 * - a meta description (src/prerender/descriptions.ts, through the catalogs);
 * - a `modulepreload` hint for every chunk the entry loads after the first paint (the app, React's
 *   renderer, the catalog loader, what they import, and the route's screen), kept in a template
 *   the entry adds to the page after the first paint, all at once (see `hintTemplate`);
 * - the screen's title;
 * - the shell guard (src/boot/shell-guard.ts), minified, as the page's inline script (and on the
 *   practice page the draft fill, src/boot/draft-fill.ts), allowed by their hashes, which are
 *   written to `dist-hosting/csp.json` for the server's Content-Security-Policy;
 * - the hidden boot notice (src/prerender/boot-failed-notice.tsx, decision 195), and the template
 *   of a pressed button's loading look (src/prerender/pressed-button.tsx, decision 198).
 * The built `index.html` (empty `#root`), with the same modulepreload hints, the shell guard and
 * the boot notice, is kept as `dist/200.html`: the SPA fallback for every other route, as static
 * hosts name it.
 */

const root = join(import.meta.dirname, '..');

export interface PrerenderModule {
  prerenderedScreens: Record<string, unknown>;
  screenModuleOf: Record<string, string>;
  prerenderRoute(
    path: string,
  ): Promise<{ html: string; title: string; heading: string; description: string }>;
  shellGuardSource(): string;
  shellGuardOptions(): unknown;
  draftFillSource(): string;
  draftFillOptions(): unknown;
  draftFillPath: string;
  prerenderBootFailedNotice(): string;
  prerenderBrowserNotices(): { body: string; head: string; rules: string };
  prerenderPressedButtonTemplate(): string;
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
 * the page, 1.3–1.7 s without, decision 123).
 */
export const bootHintsId = 'boot-preloads';
const hintTemplate = (links: string, entry: readonly string[] = [], styles: readonly string[] = []) =>
  `<template id="${bootHintsId}"${entry.length > 0 ? ` data-entry="${entry.map((f) => `/${f}`).join(' ')}"` : ''}${
    styles.length > 0 ? ` data-styles="${styles.join(' ')}"` : ''
  }>${links}</template>`;

/**
 * The form fields of prerendered markup whose `name` is an id Mantine generates (a radio group's,
 * for one). The handoff (src/boot/handoff.ts) carries what the visitor chose in the shell into the
 * app's field of the same name, and such a name differs between the server's render and the app's:
 * the choice would be dropped at the takeover. Each needs a name of its own.
 */
export function generatedFieldNames(html: string): string[] {
  const names = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="(mantine-[^"]*)"/g)];
  return [...new Set(names.map((match) => match[1] ?? ''))];
}

/**
 * Drops the custom-property declarations nothing on the page reads (decision 123): beasties keeps
 * every rule whose selector matches, and Mantine's `:root` rule declares some 250 variables of
 * which a screen reads a few dozen. A property is read when a `var()` outside a custom-property
 * declaration names it (in `css`, or in `alsoReading`: the markup's inline styles), or when the
 * value of a property that is read names it. Rules left empty are dropped too.
 */
export function pruneCustomProperties(css: string, alsoReading = ''): string {
  const declaration = /(--[\w-]+)\s*:([^;{}]*)(;|(?=\}))/g;
  const definitions = new Map<string, string[]>();
  for (const m of css.matchAll(declaration))
    definitions.set(m[1]!, [...(definitions.get(m[1]!) ?? []), m[2]!]);
  const refs = (text: string) => [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);
  const read = new Set([...refs(css.replace(declaration, '')), ...refs(alsoReading)]);
  const pending = [...read];
  while (pending.length > 0) {
    for (const value of definitions.get(pending.pop()!) ?? []) {
      for (const name of refs(value)) {
        if (!read.has(name)) {
          read.add(name);
          pending.push(name);
        }
      }
    }
  }
  let pruned = css.replace(declaration, (whole, name: string) => (read.has(name) ? whole : ''));
  for (let before = ''; before !== pruned; ) {
    before = pruned;
    pruned = pruned
      .replace(/;\}/g, '}')
      .replace(/(^|[{}])[^{}@]+\{\s*\}/g, '$1')
      .replace(/@[^{}]+\{\s*\}/g, '');
  }
  return pruned;
}

export function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let cssMinified = true;
  return {
    name: 'practice-onboarding:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      cssMinified = (config.build.cssMinify ?? config.build.minify) !== false;
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

        // Inlined minified (bytes of every page; its comments are in src/boot/shell-guard.ts), and
        // without a trailing semicolon, a statement of its own in its <script>.
        const inlineScript = (name: string, code: string) => {
          const minified = minifySync(`${name}.js`, code, { compress: true, mangle: true });
          if (minified.errors.length > 0)
            throw new Error(`prerender: ${name} did not minify: ${minified.errors[0]?.message}`);
          return minified.code.trim().replace(/;$/, '');
        };
        const guard = inlineScript(
          'shell-guard',
          `(${mod.shellGuardSource()})(${JSON.stringify(mod.shellGuardOptions())})`,
        );
        // The practice page's draft fill (decision 100), after the guard on that page only.
        const draftFill = inlineScript(
          'draft-fill',
          `(${mod.draftFillSource()})(${JSON.stringify(mod.draftFillOptions())})`,
        );
        // What a page says when the app's code could not be loaded (hidden; decision 195).
        const bootFailed = mod.prerenderBootFailedNotice();
        // What a browser that cannot run the app sees instead of the page, and one with JavaScript
        // off (src/prerender/browser-notices.tsx): first in the body, its rules in the head.
        const browserNotices = mod.prerenderBrowserNotices();
        const browserHead = `<style data-prerendered>${browserNotices.rules}</style>\n    ${browserNotices.head}`;
        // The loading look of a shell button pressed while the app loads (a template; the shell
        // guard's item 7): on the prerendered pages, which have a shell. It fails the build if a
        // loading Mantine Button no longer renders its loader as it did.
        const pressed = mod.prerenderPressedButtonTemplate();
        const entryTag = new RegExp(`\\s*<script type="module"[^>]*src="/${entry.fileName}"[^>]*></script>`);
        if (!entryTag.test(template))
          throw new Error(`prerender: index.html does not load ${entry.fileName}`);
        const guardTag = `<script>${guard}</script>`;
        /** Vite's modulepreload links in the head for the entry's static imports (the bundler runtime). */
        const entryPreloads = /\s*<link rel="modulepreload"[^>]*>/g;
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
        // And the shell guard, for its boot recovery (decision 195): its stylesheet is the app's
        // (`data-app-styles`), and the notice is in its body.
        const fallback = template
          .replace(/(<meta charset="UTF-8" \/>)/, (charset) => `${charset}\n    ${guardTag}`)
          .replace(/<link rel="stylesheet"/g, '<link rel="stylesheet" data-app-styles')
          .replace('</head>', () => `  ${hintTemplate(preloads)}\n    ${browserHead}\n  </head>`)
          .replace(
            '<div id="root"></div>',
            () => `${browserNotices.body}${bootFailed}\n    <div id="root"></div>`,
          );
        if (!fallback.includes(guardTag) || !fallback.includes('id="boot-failed"'))
          throw new Error('prerender: the SPA fallback has no shell guard or no boot notice');
        writeFileSync(join(dir, '200.html'), fallback);

        // A visitor who may have a session never sees the signed-out shell (src/boot/shell-guard.ts);
        // nor does one with a stored draft the shell cannot show (decision 100).
        // Nor one whose typed values are put back after a recovery reload (decision 195).
        const sessionRule =
          'html[data-session=maybe] #shell,html[data-draft] #shell,html[data-restoring] #shell{display:none}';
        const beasties = new Beasties({
          path: dir,
          publicPath: '/',
          // The link is moved to the end of the body and then dropped (see below); no inline
          // loader script, no onload attribute (the CSP allows no inline event handler).
          preload: 'body',
          noscriptFallback: false,
          // The whole stylesheet stays whole: the SPA fallback and the app use it.
          pruneSource: false,
          inlineFonts: false,
          preloadFonts: false,
          keyframes: 'critical',
          // beasties matches selectors below the root element, never the root itself: the light
          // scheme's variables (`:root[data-mantine-color-scheme=light]`, the page's scheme) and
          // the theme's (`:root:root`, src/app/theme-css.ts, decision 123) are kept explicitly, or
          // the shell loses Mantine's colours (default and light variants) and the theme's.
          allowRules: [/^:root(:root)?$/, /^:root(:root)?\[data-mantine-color-scheme="?light"?\]$/],
          // Only over CSS the build minified: beasties' own compression of Vite's unminified CSS
          // drops separators (`;`, `{`) between custom properties, which an unminified build for
          // profiling (tests/bench/trace-control.ts) then failed on.
          compress: cssMinified,
          logLevel: 'warn',
        });
        for (const path of Object.keys(mod.prerenderedScreens)) {
          const screenModule = join(root, mod.screenModuleOf[path] ?? '');
          const screen = chunks.find(
            (c) => c.facadeModuleId === screenModule || c.moduleIds.includes(screenModule),
          );
          if (!screen) throw new Error(`prerender: no chunk holds the screen of ${path} (${screenModule})`);
          // The screen's stylesheets, linked for beasties to read; it inlines the rules the page's
          // markup uses and the link is then replaced by the shell guard's request after the paint.
          const stylesheets = [...new Set([...entryCss, ...cssOf([screen.fileName])])].map(
            (file) => `/${file}`,
          );
          const routePreloads = closure([screen.fileName])
            .filter((file) => !preloaded.has(file) && !withEntry.has(file))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
            .join('\n    ');
          // The markup has no <style> (decision 120): the theme's CSS is the stylesheet's
          // (decision 123), and beasties inlines what the page reads of it.
          const { html, title, description } = await mod.prerenderRoute(path);
          const generated = generatedFieldNames(html);
          if (generated.length > 0)
            throw new Error(
              `prerender: ${path} has fields named by a generated id (${generated.join(', ')}); give them a name of their own`,
            );
          let page = template
            .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
            // The charset first (within the first 1024 bytes), then the shell guard (decision 120).
            .replace(
              /(<meta charset="UTF-8" \/>)/,
              // A function: the guard's code is not a replacement pattern (`$&`, `$'`).
              (charset) =>
                `${charset}\n    <meta name="description" content="${escapeHtml(description)}" />\n    ${guardTag}`,
            )
            .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
            // The entry is requested by the shell guard after the first paint (src/boot/shell-guard.ts),
            // and so are the chunks it imports statically: Vite's modulepreload of them in the head
            // would be a request before the first paint (decision 123).
            .replace(entryTag, '')
            .replace(entryPreloads, '')
            .replace(
              '</head>',
              `  ${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n    ')}\n  </head>`,
            )
            .replace(
              '<div id="root"></div>',
              () => `<div id="shell" data-prerendered="${escapeHtml(path)}">${html}</div>`,
            );
          if (!page.includes(guardTag))
            throw new Error('prerender: index.html has no <meta charset="UTF-8" />');
          if (path === mod.draftFillPath)
            page = page.replace(guardTag, () => `${guardTag}\n    <script>${draftFill}</script>`);
          // The critical CSS is the first <style> of the head, which beasties adds; marked for the
          // tests, and without the custom properties nothing on the page reads.
          const inlineStyles = [...html.matchAll(/style="([^"]*)"/g)].map((m) => m[1]).join(';');
          // Then without the rules whose conditions match nothing on the page (decision 198).
          const processed = (await beasties.process(page)).replace(' data-beasties-container', '');
          page = processed.replace(/<style>([^<]*)<\/style>/, (_, css: string) => {
            const critical = pruneCustomProperties(pruneUnmatchedRules(css, processed), inlineStyles);
            return `<style data-critical>${critical}</style>`;
          });
          // The boot notice after beasties: its styles are the whole stylesheet's, which the shell
          // guard makes active when it shows the notice (decision 195), and no bytes of every page.
          page = page.replace(
            '<div id="shell"',
            () => `${browserNotices.body}${bootFailed}${pressed}<div id="shell"`,
          );
          // What beasties left of the links (moved to the end of the body) goes: the shell guard
          // requests the stylesheets after the first paint.
          for (const href of stylesheets) {
            const link = new RegExp(
              `\\s*<link rel="stylesheet" href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`,
            );
            if (!link.test(page)) throw new Error(`prerender: beasties did not keep the link of ${href}`);
            page = page.replace(link, '');
          }
          page = page.replace(
            '</head>',
            `  ${hintTemplate(
              `${preloads}\n    ${routePreloads}`,
              // The entry first, then what it imports statically (requested side by side).
              [entry.fileName, ...[...withEntry].filter((file) => file !== entry.fileName)],
              stylesheets,
            )}\n    <style data-prerendered>${sessionRule}${browserNotices.rules}</style>\n    ${browserNotices.head}\n  </head>`,
          );
          if (!page.includes('data-critical'))
            throw new Error(`prerender: no critical CSS inlined for ${path}`);
          if (!page.includes('id="shell"')) throw new Error('prerender: index.html has no empty #root');
          page = page.replace(/\n\s*\n/g, '\n');
          const file = path === '/' ? join(dir, 'index.html') : join(dir, path, 'index.html');
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, page);
          this.info?.(`prerendered ${path} → ${relative(dir, file)}`);
        }
        // Beside the web root, never in it (deploy/hosting-policy.ts, hostingDirOf).
        mkdirSync(hostingDirOf(dir), { recursive: true });
        writeFileSync(
          join(hostingDirOf(dir), 'csp.json'),
          `${JSON.stringify({ scriptHashes: [sha256(guard), sha256(draftFill)] }, null, 2)}\n`,
        );
      } finally {
        await server.close();
      }
    },
  };
}
