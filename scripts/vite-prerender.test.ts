import { describe, expect, it } from 'vitest';
import { generatedFieldNames, pruneCustomProperties } from './vite-prerender';

describe('pruneCustomProperties (the critical CSS, decision 123)', () => {
  it('keeps the properties read, directly or through another read property, and drops the rest', () => {
    const css =
      ':root{--a:1px;--b:var(--c);--c:red;--unused:blue;--unused-chain:var(--a)}.x{color:var(--b);margin:var(--a)}';
    expect(pruneCustomProperties(css)).toBe(
      ':root{--a:1px;--b:var(--c);--c:red}.x{color:var(--b);margin:var(--a)}',
    );
  });

  it('counts what the markup reads (inline styles), and drops rules and media blocks left empty', () => {
    const css = ':root{--gap:4px}.y{--only-here:1}@media (min-width:1px){.z{--z:2}}.w{display:block}';
    expect(pruneCustomProperties(css, '--group-gap:var(--gap)')).toBe(':root{--gap:4px}.w{display:block}');
  });
});

describe('generatedFieldNames (what the handoff could not carry)', () => {
  it('finds fields named by a generated id, and nothing else', () => {
    const html =
      '<input type="radio" name="mantine-_R_dmrbbqr_" value="au"><input type="radio" name="mantine-_R_dmrbbqr_" value="uk">' +
      '<input name="practice.name"><select name="practice-region"></select><div name="mantine-x"></div>';
    expect(generatedFieldNames(html)).toEqual(['mantine-_R_dmrbbqr_']);
    expect(generatedFieldNames('<input type="radio" name="practice-region" value="uk">')).toEqual([]);
  });
});
