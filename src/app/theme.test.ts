import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const variables: Record<string, string | undefined> = cssVariablesResolver(resolved).light;
const primaryColors = resolved.colors[resolved.primaryColor];
if (!primaryColors) throw new Error(`no colours for the primary colour ${resolved.primaryColor}`);
const primary = primaryColors;
const shade = typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
const white = resolved.white;
const variable = (name: string) => {
  const value = variables[name];
  if (value === undefined) throw new Error(`${name} is not set by cssVariablesResolver`);
  return value;
};

// Lighthouse (axe color-contrast) reported these pairs below 4.5:1 with Mantine's defaults.
describe('theme text contrast (WCAG AA, 4.5:1)', () => {
  it('white text on a filled primary button, at rest and on hover', () => {
    expect(contrast(white, primary[shade])).toBeGreaterThanOrEqual(4.5);
    expect(
      contrast(white, variable(`--mantine-color-${resolved.primaryColor}-filled-hover`)),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('primary-coloured text (anchors, outline buttons) on white', () => {
    expect(contrast(primary[shade], white)).toBeGreaterThanOrEqual(4.5);
  });

  it('light-variant primary text on its background, at rest (shade 1) and on hover (shade 2)', () => {
    const text = variable(`--mantine-color-${resolved.primaryColor}-light-color`);
    expect(contrast(text, primary[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, primary[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the lightest gray', () => {
    const dimmed = variable('--mantine-color-dimmed');
    expect(contrast(dimmed, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, resolved.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
  });
});
