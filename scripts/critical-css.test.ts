import { describe, expect, it } from 'vitest';
import { pruneUnmatchedRules, staticSelector } from './critical-css';

describe('staticSelector', () => {
  it.each([
    ['.a:hover', '.a'],
    ['.a::before', '.a'],
    ['.a:before', '.a'],
    ['::placeholder', '*'],
    ['.a :focus-visible', '.a *'],
    ['.a > :hover', '.a>*'],
    [':where(:hover)', ':where(*)'],
    ['.b:where([data-variant=gradient])', '.b:where([data-variant=gradient])'],
    [
      '.b:where(:disabled:not([data-loading]),[data-disabled]:not([data-loading]))',
      '.b:where(:not([data-loading]),[data-disabled]:not([data-loading]))',
    ],
    ['.b:nth-child(2n + 1)', '.b:nth-child(2n+1)'],
    ['.b[data-x=":hover"]', '.b[data-x=":hover"]'],
    ['.c:has(> .d:focus)', '.c:has(>.d)'],
  ])('%s matches as %s', (selector, expected) => {
    expect(staticSelector(selector)).toBe(expected);
  });

  it('gives up on a state inside :not() (leaving it out would turn the test around)', () => {
    expect(staticSelector('.a:not(:hover)')).toBeNull();
    expect(staticSelector('.a:where(:not(.b:focus))')).toBeNull();
  });
});

describe('pruneUnmatchedRules', () => {
  const html =
    '<html><body><p class="t" data-size="sm">x</p><button class="btn" type="button"><span class="in">Go</span></button></body></html>';

  it('drops rules whose attribute conditions match nothing, inside :where() too', () => {
    const css =
      '.t{color:red}.t:where([data-variant=gradient]){color:blue}.t:where([data-size=sm]){font-size:1px}.u{color:green}';
    expect(pruneUnmatchedRules(css, html)).toBe('.t{color:red}.t:where([data-size=sm]){font-size:1px}');
  });

  it('keeps the rules of states the visitor can bring about', () => {
    const css =
      '.btn:hover{color:red}.btn:focus-visible{outline:1px solid}.btn:where(:disabled:not([data-loading])){opacity:.5}.btn::before{content:""}.btn:not(:hover){color:blue}';
    expect(pruneUnmatchedRules(css, html)).toBe(css);
  });

  it('drops the selectors of a list that match nothing and keeps the rest', () => {
    expect(pruneUnmatchedRules('.t,.u,.btn .in{margin:0}', html)).toBe('.t,.btn .in{margin:0}');
  });

  it('prunes inside at-rules, drops at-rules left empty, keeps keyframes and :root rules', () => {
    const css =
      '@media (hover:hover){.u:hover{color:red}}@media (min-width:1px){.t{color:red}.u{color:blue}}@keyframes spin{to{rotate:1turn}}:root{--x:1}:root[data-mantine-color-scheme=light]{--y:2}';
    expect(pruneUnmatchedRules(css, html)).toBe(
      '@media (min-width:1px){.t{color:red}}@keyframes spin{to{rotate:1turn}}:root{--x:1}:root[data-mantine-color-scheme=light]{--y:2}',
    );
  });

  it('keeps a rule it cannot evaluate', () => {
    expect(pruneUnmatchedRules('.t:unknown-thing(x){color:red}', html)).toBe(
      '.t:unknown-thing(x){color:red}',
    );
  });
});
