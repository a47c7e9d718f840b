import { selectOne } from 'css-select';
import type { Document } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import postcss, { type Container, type Rule } from 'postcss';

/**
 * The pseudo-classes a prerendered shell cannot change: its markup is static (no React runs in
 * it; the shell guard changes attributes only where the whole stylesheet takes over, decision
 * 198), so a selector's structure and attributes decide once and for all whether it matches.
 * Every other pseudo-class (`:hover`, `:focus-visible`, `:checked`, `:disabled`, `:placeholder-shown`
 * …) is a state the visitor can bring about, and counts as matching.
 */
const structural = new Set([
  'where',
  'is',
  'not',
  'has',
  'root',
  'first-child',
  'last-child',
  'only-child',
  'nth-child',
  'nth-last-child',
  'first-of-type',
  'last-of-type',
  'only-of-type',
  'nth-of-type',
  'nth-last-of-type',
]);

/** The end of the parenthesised argument that starts at `open` (a `(`), quotes and nesting heeded. */
function closingParen(selector: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < selector.length; i++) {
    const ch = selector[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return selector.length - 1;
}

/**
 * The selector as it can match in the shell: pseudo-elements and state pseudo-classes left out
 * (a state counts as held), structural ones kept with their arguments treated the same way. A
 * compound left empty is `*`. `null` when a state sits where leaving it out would invert the
 * meaning (inside `:not()`): such a selector is kept as it is.
 */
export function staticSelector(selector: string, negated = false): string | null {
  let out = '';
  let quote = '';
  let bracket = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) {
      out += ch;
      if (ch === '\\') out += selector[++i] ?? '';
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '\\') {
      out += ch + (selector[++i] ?? '');
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') bracket++;
    else if (ch === ']') bracket--;
    if (ch !== ':' || bracket > 0) {
      out += ch;
      continue;
    }
    const element = selector[i + 1] === ':';
    const name = /^[\w-]+/.exec(selector.slice(i + (element ? 2 : 1)))?.[0] ?? '';
    let end = i + (element ? 2 : 1) + name.length;
    let argument: string | null = null;
    if (selector[end] === '(') {
      const close = closingParen(selector, end);
      argument = selector.slice(end + 1, close);
      end = close + 1;
    }
    const lower = name.toLowerCase();
    if (!element && structural.has(lower)) {
      if (argument === null || lower.startsWith('nth-')) out += selector.slice(i, end);
      else {
        const inner = staticSelectorList(argument, negated || lower === 'not');
        if (inner === null) return null;
        out += `:${name}(${inner})`;
      }
    } else if (negated) return null;
    i = end - 1;
  }
  // A compound that was only pseudo-classes or a pseudo-element: any element.
  return out
    .replace(/\s*([>+~])\s*/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .replace(/(^|[\s>+~(])(?=$|\))/g, '$1*')
    .trim();
}

function staticSelectorList(list: string, negated: boolean): string | null {
  const parts = postcss.list.comma(list).map((part) => staticSelector(part, negated));
  return parts.some((part) => part === null) ? null : parts.join(',');
}

/** Whether the selector can match an element of the page (kept when it cannot be evaluated). */
function canMatch(selector: string, document: Document): boolean {
  const candidate = staticSelector(selector);
  if (candidate === null) return true;
  try {
    return selectOne(candidate, document) !== null;
  } catch {
    return true;
  }
}

/**
 * Drops the selectors of `css` that match nothing in `html`, and the rules left without one
 * (decision 198). beasties, which chose the page's critical CSS, leaves out every pseudo-class
 * with its argument before matching, so a Mantine rule such as
 * `.m_b6d8b162:where([data-variant=gradient])` was kept for every Text of the page; here the
 * conditions inside `:where()`, `:is()`, `:not()` and `:has()` count, and only states do not.
 * Rules of `:root` and `html` stay (beasties matches below the root; the page's scheme and theme
 * are read there), and so do keyframes and at-rules without rules.
 */
export function pruneUnmatchedRules(css: string, html: string): string {
  const document = parseDocument(html);
  const root = postcss.parse(css);
  const visit = (container: Container) => {
    container.each((node) => {
      if (node.type === 'atrule') {
        if (/keyframes$/i.test(node.name) || !node.nodes) return;
        visit(node);
        if (node.nodes.length === 0) node.remove();
      } else if (node.type === 'rule') {
        const rule = node as Rule;
        const kept = rule.selectors.filter(
          (selector) => /^(:root|html)\b/.test(selector.trim()) || canMatch(selector, document),
        );
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selector = kept.join(',');
      }
    });
  };
  visit(root);
  return root.toString();
}
