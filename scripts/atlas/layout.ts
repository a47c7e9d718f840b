/**
 * The atlas's layout check (decision 070), run in the harness page on the screen shown, at the
 * current viewport and text size. Browser-only; returns findings, never throws.
 *
 * - `label`: every inline control (checkbox, radio, switch) has the first line of its label on the
 *   same line as its box and after it (a checkbox whose label dropped under the box is a finding).
 * - `overlap`: no two pieces of visible text overlap (each line box of each text node).
 * - `unstyled`: every element carrying a component-library class (Mantine's `m_xxxxxxxx`) has at
 *   least one rule for that class in the page's stylesheets; a missing component stylesheet
 *   (e.g. InlineInput's) shows up here even when nothing moves.
 *
 * Horizontal scrolling (320 px, 200 % text) and target sizes (axe-core's `target-size`, WCAG 2.5.8)
 * are measured by scripts/atlas.ts.
 */

export interface LayoutFinding {
  kind: 'label' | 'overlap' | 'unstyled';
  message: string;
}

const TOLERANCE = 2;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const short = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
};

function visible(element: Element): boolean {
  return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}

function boxOf(element: Element): Box | null {
  const r = element.getBoundingClientRect();
  return r.width >= 4 && r.height >= 4 ? r : null;
}

/** The line boxes of a text node (empty when the text is hidden or visually hidden). */
function lineBoxes(node: Text): Box[] {
  const parent = node.parentElement;
  if (!parent || !visible(parent) || parent.closest('[aria-hidden="true"] svg, script, style')) return [];
  const range = document.createRange();
  range.selectNodeContents(node);
  return [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
}

function textNodes(root: Element): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => ((n.textContent ?? '').trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/** The visible box of an inline control: the input itself, or (a switch) the track beside it. */
function controlBox(input: HTMLInputElement): Box | null {
  if (visible(input)) {
    const own = boxOf(input);
    if (own) return own;
  }
  for (let sibling = input.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
    const box = visible(sibling) ? boxOf(sibling) : null;
    if (box) return box;
  }
  return input.parentElement ? boxOf(input.parentElement) : null;
}

function labelTextOf(input: HTMLInputElement): Text | null {
  const labels: Element[] = [...(input.labels ?? [])];
  for (const id of (input.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
    const el = document.getElementById(id);
    if (el) labels.push(el);
  }
  for (const label of labels) {
    const text = textNodes(label).find((n) => lineBoxes(n).length > 0);
    if (text) return text;
  }
  return null;
}

function checkLabels(root: Element): LayoutFinding[] {
  const findings: LayoutFinding[] = [];
  for (const input of root.querySelectorAll<HTMLInputElement>(
    'input[type="checkbox"], input[type="radio"]',
  )) {
    const text = labelTextOf(input);
    const box = controlBox(input);
    if (!text || !box) continue;
    const line = lineBoxes(text)[0];
    if (!line) continue;
    const middle = (line.top + line.bottom) / 2;
    const sameLine = middle >= box.top - TOLERANCE && middle <= box.bottom + TOLERANCE;
    const after = line.left >= box.right - TOLERANCE;
    if (!sameLine || !after) {
      const kind = input.getAttribute('role') === 'switch' ? 'switch' : input.type;
      findings.push({
        kind: 'label',
        message: `the label of the ${kind} "${short(text.textContent ?? '')}" is not on the same line as its box (box ${Math.round(box.left)},${Math.round(box.top)}–${Math.round(box.right)},${Math.round(box.bottom)}; label at ${Math.round(line.left)},${Math.round(line.top)})`,
      });
    }
  }
  return findings;
}

function checkOverlap(root: Element): LayoutFinding[] {
  const pieces = textNodes(root).flatMap((node) => lineBoxes(node).map((box) => ({ node, box })));
  const findings: LayoutFinding[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < pieces.length; i++) {
    for (let j = i + 1; j < pieces.length; j++) {
      const a = pieces[i];
      const b = pieces[j];
      if (!a || !b || a.node === b.node) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width <= TOLERANCE || height <= TOLERANCE) continue;
      const message = `text "${short(a.node.textContent ?? '')}" overlaps text "${short(b.node.textContent ?? '')}"`;
      if (seen.has(message)) continue;
      seen.add(message);
      findings.push({ kind: 'overlap', message });
    }
  }
  return findings;
}

const LIBRARY_CLASS = /^m_[0-9a-f]{6,}$/;

function styledClasses(): Set<string> {
  const out = new Set<string>();
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]{6,})/g)) if (m[1]) out.add(m[1]);
      }
      if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) visit(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    try {
      visit(sheet.cssRules);
    } catch {
      // A cross-origin sheet cannot be read; the harness has none.
    }
  }
  return out;
}

function checkStyles(root: Element): LayoutFinding[] {
  const styled = styledClasses();
  const missing = new Map<string, string>();
  for (const element of root.querySelectorAll('[class*="m_"]')) {
    for (const cls of element.classList) {
      if (!LIBRARY_CLASS.test(cls) || styled.has(cls) || missing.has(cls)) continue;
      const named =
        [...element.classList].find((c) => c.startsWith('mantine-')) ?? element.tagName.toLowerCase();
      missing.set(cls, named);
    }
  }
  return [...missing].map(([cls, named]) => ({
    kind: 'unstyled',
    message: `no stylesheet styles .${cls} (${named}): its component stylesheet is missing`,
  }));
}

export function checkLayout(root: Element): LayoutFinding[] {
  return [...checkStyles(root), ...checkLabels(root), ...checkOverlap(root)];
}

/** Describes the innermost elements that stick out to the right of the viewport (for reports). */
export function overflowing(root: Element): string[] {
  const width = document.documentElement.clientWidth;
  const out: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    if (element.getBoundingClientRect().right <= width + 1 || !visible(element)) continue;
    const inner = [...element.children].some((c) => c.getBoundingClientRect().right > width + 1);
    if (inner) continue;
    const named = [...element.classList].find((c) => c.startsWith('mantine-')) ?? '';
    const text = short(element.textContent ?? '');
    out.push(`<${element.tagName.toLowerCase()}${named ? ` .${named}` : ''}>${text ? ` "${text}"` : ''}`);
    if (out.length >= 3) break;
  }
  // Text sticking out of a box that itself fits (a long word).
  for (const node of out.length ? [] : textNodes(root)) {
    if (!lineBoxes(node).some((box) => box.right > width + 1)) continue;
    out.push(`text "${short(node.textContent ?? '')}"`);
    if (out.length >= 3) break;
  }
  return out;
}
