import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

type Variables = ReturnType<typeof defaultCssVariablesResolver>;

/**
 * The variables whose value differs from Mantine's own (default-css-variables.css): what
 * MantineProvider does with its `removeDefaultVariables`, which the package does not export.
 */
function changedFromDefaults(variables: Variables): Variables {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (part: keyof Variables) => {
    const before: Record<string, string> = defaults[part];
    return Object.fromEntries(
      Object.entries(variables[part]).filter(([name, value]) => before[name] !== value),
    );
  };
  return { variables: changed('variables'), light: changed('light'), dark: changed('dark') };
}

/**
 * The theme's CSS, built from the theme at build time and shipped in the app's stylesheet
 * (scripts/vite-mantine.ts, decision 123): what MantineProvider would render as `<style>`
 * elements where it is mounted, inside `<body>`, where HTML does not allow them (issue 26 item 2).
 * The app's provider renders none (src/boot/app-mantine-provider.tsx).
 *
 * The variables are those that differ from Mantine's defaults, which src/main.tsx imports
 * (default-css-variables.css); their selector is `:root:root`, a step more specific than the
 * defaults' `:root`, so they win wherever either stands.
 */
export function themeCss(): string {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const selector = ':root:root';
  const variables = convertCssVariables(
    changedFromDefaults(deepMerge(defaultCssVariablesResolver(resolved), cssVariablesResolver(resolved))),
    selector,
  );
  const schemes = convertCssVariables(
    {
      variables: {},
      dark: { '--mantine-color-scheme': 'dark' },
      light: { '--mantine-color-scheme': 'light' },
    },
    selector,
  );
  // Mantine's hiddenFrom / visibleFrom classes (MantineClasses), for every breakpoint.
  const classes = keys(resolved.breakpoints)
    .map((breakpoint) => {
      const value = resolved.breakpoints[breakpoint] ?? '0';
      const pixels = Number(px(value));
      const inPx = value.includes('px');
      const below = inPx ? `${pixels - 0.1}px` : em(pixels - 0.1);
      const from = inPx ? `${pixels}px` : em(pixels);
      return `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`;
    })
    .join('');
  return `${variables}${schemes}${classes}`;
}
