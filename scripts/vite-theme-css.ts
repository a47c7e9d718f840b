import { type Plugin, runnerImport } from 'vite';

/** The stylesheet of the app's theme: `import 'virtual:app-theme.css'` (src/main.tsx). */
export const themeCssId = 'virtual:app-theme.css';

/**
 * The theme's CSS variables and responsive classes as a stylesheet of the build (decision 123),
 * built from src/app/theme-css.ts when a build or dev server first asks for it. They end in the
 * app's one stylesheet, after Mantine's base files: a prerendered page inlines what its screen
 * reads (scripts/vite-prerender.ts), and the app adds nothing to the document when it starts. (It
 * used to render them into `<head>` at start, and the whole page's style was computed again while
 * the prerendered screen showed: 57–95 ms at 4× CPU on the practice step.)
 */
export function themeCssPlugin(root: string): Plugin {
  let css: Promise<string> | undefined;
  return {
    name: 'app-theme-css',
    resolveId: {
      filter: { id: /^virtual:app-theme\.css$/ },
      handler: () => `/${themeCssId}`,
    },
    load: {
      filter: { id: /^\/virtual:app-theme\.css$/ },
      handler() {
        css ??= runnerImport<typeof import('../src/app/theme-css')>('/src/app/theme-css.ts', {
          configFile: false,
          root,
          logLevel: 'error',
        }).then(({ module }) => module.themeCss());
        return css;
      },
    },
  };
}
