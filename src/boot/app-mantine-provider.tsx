import { MantineProvider } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * Mantine's provider without its `<style>` elements (issue 26 item 2, decisions 120 and 123):
 * MantineProvider renders the theme's CSS variables and its responsive classes as `<style>`
 * elements where it is mounted, inside `<body>`, where HTML does not allow them. The same CSS is
 * built from the theme at build time into the app's stylesheet (src/app/theme-css.ts, imported as
 * 'virtual:app-theme.css'), so the app adds nothing to the document's styles when it starts.
 */
export function AppMantineProvider(props: ComponentProps<typeof MantineProvider>) {
  return <MantineProvider {...props} withCssVariables={false} withGlobalClasses={false} />;
}
