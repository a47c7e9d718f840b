import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Keyboard-only helpers of tests/e2e/keyboard.spec.ts: move focus with Tab / Shift+Tab only, and
 * watch that every control focused shows it.
 *
 * Visible focus: an init script disables transitions (so styles are read settled) and records,
 * for every element that receives focus, its focus-relevant styles (outline, box shadow, border
 * and background colours, text decoration; of the element, its parent and its next sibling, where
 * Mantine draws some rings) while focused and again once focus leaves it. A control whose styles
 * do not change is a control without visible focus.
 */

declare global {
  interface Window {
    __focusLog?: { control: string; visible: boolean }[];
  }
}

export async function watchFocus(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const props = [
      'outline-style',
      'outline-width',
      'outline-color',
      'box-shadow',
      'border-top-color',
      'border-bottom-color',
      'background-color',
      'text-decoration-line',
    ];
    const styleOf = (el: Element | null) => {
      if (!el) return '';
      const s = getComputedStyle(el);
      return props.map((p) => s.getPropertyValue(p)).join('|');
    };
    const snapshot = (el: Element) =>
      [el, el.parentElement, el.nextElementSibling].map((e) => styleOf(e)).join('#');
    const nameOf = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        '';
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${name.replace(/\s+/g, ' ').trim().slice(0, 40)}`;
    };
    const focused = new WeakMap<Element, string>();
    window.__focusLog = [];
    addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*,*::before,*::after{transition:none!important;animation-duration:0s!important}';
      document.head.append(style);
    });
    document.addEventListener('focusin', (event) => {
      const el = event.target as Element;
      // Only what the keyboard reached counts (headings focused by script are not controls).
      if (!el.matches(':focus-visible') || el.getAttribute('tabindex') === '-1') return;
      focused.set(el, snapshot(el));
    });
    document.addEventListener('focusout', (event) => {
      const el = event.target as Element;
      const before = focused.get(el);
      if (before === undefined) return;
      focused.delete(el);
      window.__focusLog?.push({ control: nameOf(el), visible: before !== snapshot(el) });
    });
  });
}

/** Every control the keyboard left on this page showed its focus; the log is emptied. */
export async function expectFocusWasVisible(page: Page): Promise<number> {
  const log = await page.evaluate(() => window.__focusLog?.splice(0) ?? []);
  expect(
    log.filter((entry) => !entry.visible).map((entry) => entry.control),
    'controls without a visible focus indicator',
  ).toEqual([]);
  return log.length;
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Tab (or Shift+Tab) until `target` has focus. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(target)) return;
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${target} (focus is on ${active})`);
}

/** Tab to a text field and type into it (typing is keyboard too). */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** With a native select focused, ArrowDown until the chosen option's label is `label`. */
export async function arrowToOption(page: Page, select: Locator, label: string, max = 20): Promise<void> {
  await tabTo(page, select);
  for (let i = 0; i < max; i++) {
    const chosen = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.options[s.selectedIndex]?.label ?? '';
    });
    if (chosen === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never chose '${label}' in ${select}`);
}

/**
 * No focus trap: Tab from the current position visits every visible, enabled tabbable element of
 * the page (a trap would keep it inside a subset), and Shift+Tab walks back.
 */
export async function expectNoFocusTrap(page: Page): Promise<void> {
  const tabbables = await page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const all = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (el) => el.checkVisibility({ visibilityProperty: true }) && el.tabIndex >= 0,
    );
    // A radio group is one tab stop: only its checked radio (or its first) is reached by Tab.
    const out = all.filter((el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
      const group = all.filter(
        (o): o is HTMLInputElement =>
          o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name,
      );
      return el === (group.find((r) => r.checked) ?? group[0]);
    });
    out.forEach((el, i) => {
      el.dataset.kbIndex = String(i);
    });
    return out.length;
  });
  const seen = new Set<string>();
  for (let i = 0; i < tabbables + 4 && seen.size < tabbables; i++) {
    await page.keyboard.press('Tab');
    const index = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kbIndex);
    if (index !== undefined) seen.add(index);
  }
  expect(seen.size, 'Tab reaches every control of the page').toBe(tabbables);
  const before = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kbIndex);
  await page.keyboard.press('Shift+Tab');
  const after = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.kbIndex);
  expect(after, 'Shift+Tab moves focus back').not.toBe(before);
}
