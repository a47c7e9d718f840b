import {
  convertCssVariables,
  deepMerge,
  defaultCssVariablesResolver,
  em,
  keys,
  MantineProvider,
  px,
  useMantineCssVariablesResolver,
  useMantineTheme,
} from '@mantine/core';
import { type ComponentProps, useMemo } from 'react';
import { createPortal } from 'react-dom';

/**
 * Mantine's provider without its `<style>` elements in the markup (issue 26 item 2, decision 121):
 * MantineProvider renders the theme's CSS variables and its responsive classes as `<style>`
 * elements where it is mounted, inside `<body>`, where HTML does not allow them. Here the same CSS
 * is rendered into `<head>` through a portal.
 *
 * The variables are all of them (Mantine leaves out those equal to its defaults, which then depend
 * on coming after the stylesheet's defaults); their selector is `:root:root`, a step more specific
 * than the stylesheet's `:root`, so they win wherever the style element is.
 */
export function AppMantineProvider({ children, ...props }: ComponentProps<typeof MantineProvider>) {
  return (
    <MantineProvider {...props} withCssVariables={false} withGlobalClasses={false}>
      <MantineHeadStyles />
      {children}
    </MantineProvider>
  );
}

const selector = ':root:root';

function MantineHeadStyles() {
  const theme = useMantineTheme();
  const generator = useMantineCssVariablesResolver();
  const css = useMemo(() => {
    const defaults = defaultCssVariablesResolver(theme);
    const variables = convertCssVariables(
      generator ? deepMerge(defaults, generator(theme)) : defaults,
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
    const classes = keys(theme.breakpoints)
      .map((breakpoint) => {
        const value = theme.breakpoints[breakpoint] ?? '0';
        const pixels = Number(px(value));
        const inPx = value.includes('px');
        const below = inPx ? `${pixels - 0.1}px` : em(pixels - 0.1);
        const from = inPx ? `${pixels}px` : em(pixels);
        return `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`;
      })
      .join('');
    return `${variables}${schemes}${classes}`;
  }, [theme, generator]);
  return createPortal(<style data-app-mantine-styles="">{css}</style>, document.head);
}
