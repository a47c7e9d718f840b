import { createTheme, rem } from '@mantine/core';
import { breakpoints } from '../../machines/constants';

const em = (px: number) => `${px / 16}em`;

/**
 * Mantine theme. Breakpoints are the spec's (§9): xs 0, sm 576, md 768, lg 992, xl 1200,
 * xxl 1400 px. The mobile check is max-width md; the menu breakpoint is sm.
 */
export const theme = createTheme({
  primaryColor: 'teal',
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
});

/** The default mobile check (spec §9): max-width md. */
export const mobileQuery = `(max-width: ${em(breakpoints.md)})`;
