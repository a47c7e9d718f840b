import { describe, expect, it } from 'vitest';
import { themeCss } from './theme-css';

/** `name: value` of every declaration under `selector`'s rule (the first rule of that selector). */
function declarations(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector}{`);
  if (start < 0) return new Map();
  const body = css.slice(start + selector.length + 1, css.indexOf('}', start));
  return new Map(
    body
      .split(';')
      .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
      .filter((parts): parts is [string, string] => Boolean(parts[0]) && parts[1] !== undefined)
      .map(([name, value]) => [name, value]),
  );
}

describe('the theme stylesheet (decision 123)', () => {
  const css = themeCss();

  it("declares the theme's own values, a step more specific than Mantine's defaults", () => {
    const variables = declarations(css, ':root:root');
    expect(variables.get('--mantine-primary-color-filled')).toBe('var(--mantine-color-teal-filled)');
    expect(variables.get('--mantine-breakpoint-sm')).toBe('36em');
    expect(variables.get('--mantine-font-family')).toMatch(/^system-ui/);
    const light = declarations(css, ':root:root[data-mantine-color-scheme="light"]');
    // The resolver's contrast fixes (src/app/theme.ts).
    expect(light.get('--mantine-color-dimmed')).toMatch(/^rgba\(101, 107, 113/);
    expect(light.has('--mantine-color-teal-filled-hover')).toBe(true);
    expect(css).not.toMatch(/(^|\})\s*:root\s*\{/);
  });

  it("leaves out what equals Mantine's defaults (default-css-variables.css has them)", () => {
    const variables = declarations(css, ':root:root');
    expect(variables.has('--mantine-scale')).toBe(false);
    expect(variables.has('--mantine-color-white')).toBe(false);
    expect(variables.has('--mantine-radius-md')).toBe(false);
  });

  it("has Mantine's hiddenFrom and visibleFrom classes for every breakpoint", () => {
    for (const breakpoint of ['xs', 'sm', 'md', 'lg', 'xl', 'xxl']) {
      expect(css).toContain(`.mantine-hidden-from-${breakpoint} {display: none !important;}`);
      expect(css).toContain(`.mantine-visible-from-${breakpoint} {display: none !important;}`);
    }
    expect(css).toContain('@media (min-width: 36em) {.mantine-hidden-from-sm');
  });
});
