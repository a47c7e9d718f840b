import { type CSSVariablesResolver, createTheme, darken, rem } from '@mantine/core';
import { breakpoints } from '#machines/constants';

const em = (px: number) => `${px / 16}em`;

/**
 * Mantine theme. Breakpoints are the spec's (§9): xs 0, sm 576, md 768, lg 992, xl 1200,
 * xxl 1400 px. The mobile check is max-width md; the menu breakpoint is sm.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  // White text on teal reaches WCAG AA (4.5:1) only on teal.9 (5.0:1; the default shade 6 gives
  // 2.5:1, which Lighthouse reported on every filled button). Anchors and outlines follow.
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: em(breakpoints.xs),
    sm: em(breakpoints.sm),
    md: em(breakpoints.md),
    lg: em(breakpoints.lg),
    xl: em(breakpoints.xl),
    xxl: em(breakpoints.xxl),
  },
  headings: { fontWeight: '700' },
  other: { mobileQuery: `(max-width: ${em(breakpoints.md)})`, collapseMs: 350 },
  spacing: { xxl: rem(48) },
  // Reflow (WCAG 1.4.10, 1.4.4): at 320 px or 200 % text a button's label and a heading's long
  // word wrap instead of pushing the page sideways (the atlas checks it). Plain style objects, so
  // the theme imports no component (and no component stylesheet) into the first paint.
  components: {
    Button: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)' },
        label: { whiteSpace: 'normal', textAlign: 'center', paddingBlock: rem(4) },
      },
    },
    Title: { styles: { root: { overflowWrap: 'anywhere' } } },
  },
});

/**
 * CSS variables over Mantine's defaults, for text contrast of at least 4.5:1 (WCAG AA; Lighthouse
 * reported each of these): dimmed text 5.4:1 on white (gray.6 gave 3.3:1); light-variant text of
 * the primary colour 5.6:1 on its teal.1 background, 4.9:1 on the teal.2 hover (teal.9 gave 4.3:1
 * and 3.8:1); and the filled hover of
 * the primary colour darker than teal.9 (Mantine's default after shade 9 is the lighter teal.8).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': darken(resolved.colors.gray[6], 0.25) };
  const primary = resolved.colors[resolved.primaryColor];
  if (primary) {
    light[`--mantine-color-${resolved.primaryColor}-light-color`] = darken(primary[9], 0.15);
    light[`--mantine-color-${resolved.primaryColor}-filled-hover`] = darken(primary[9], 0.15);
  }
  return { variables: {}, light, dark: {} };
};

/** The default mobile check (spec §9): max-width md. */
export const mobileQuery = `(max-width: ${em(breakpoints.md)})`;
