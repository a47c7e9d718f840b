/**
 * The handoff from a prerendered page to the app (docs/decisions/123-critical-css.md).
 *
 * A prerendered page shows the signed-out screen as static HTML in `#shell` while the app boots
 * into a `#root` that is not in the document yet (so the page never holds two copies of a screen).
 * The app takes over at the first moment it shows a screen of its own (a heading, or the
 * long-loading message): in the next task, `#root` replaces the shell, whatever the visitor typed
 * into the shell is carried into the app's fields, the focus moves to the matching control (after
 * the new screen's first frame, decision 123), and clicks queued by the shell guard
 * (src/boot/shell-guard.ts) are replayed on the app's buttons. Both screens come from the same
 * components, so the swap is not visible; when the app decides otherwise (a session after all), its
 * screen simply replaces the shell's.
 */

import { carryPress } from '../ui/carried-press';

const fieldSelector = 'input, textarea, select';
const focusableSelector = 'a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])';
/**
 * The app shows something of its own: a screen heading, or the loading screen's long-loading
 * message. Its spinner alone (with the loading screen's visually hidden heading) does not replace
 * the shell: while the configuration is on its way the prerendered screen stays usable (clicks are
 * queued), until the app has something to say.
 */
const readySelector = 'h1:not([data-loading-heading]), [data-testid="loading-long"]';

interface QueuedAction {
  type: 'click';
  /** The button's text, and its place among the shell's buttons with that text. */
  label: string;
  nth: number;
  /** When the visitor pressed it (`performance.now()`). */
  at: number;
}

declare global {
  interface Window {
    __shellQueue?: QueuedAction[];
  }
}

/**
 * Elements of the app that are displayed (the onboarding step rendered ahead is not). Asked with
 * `checkVisibility()`, which needs the styles but no layout: the swap then leaves the layout of
 * the new screen to the next frame instead of forcing it inside its own task (decision 123;
 * measure with tests/bench/trace-tasks.ts).
 */
function displayed<T extends HTMLElement>(root: ParentNode, selector: string): T[] {
  return [...root.querySelectorAll<T>(selector)].filter((el) => el.checkVisibility());
}

/** What names a control on both screens: its kind, its accessible text and its field name. */
function keyOf(element: Element): string {
  const text = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${element.tagName}|${text.trim()}|${element.getAttribute('name') ?? ''}`;
}

/** The app's control matching the shell's `element` (same key, same place among that key). */
function counterpart(
  element: Element,
  shellControls: Element[],
  appControls: Element[],
): Element | undefined {
  const key = keyOf(element);
  const nth = shellControls.filter((other) => keyOf(other) === key).indexOf(element);
  return appControls.filter((other) => keyOf(other) === key)[nth];
}

/** Sets a field's value so that React sees an edit, as typing would. */
/** Whether the visitor changed a shell field (typed, ticked or chose something). */
function fieldChanged(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

function carryValue(from: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, to: Element): void {
  if (from instanceof HTMLInputElement && (from.type === 'checkbox' || from.type === 'radio')) {
    if (
      to instanceof HTMLInputElement &&
      from.checked !== from.defaultChecked &&
      to.checked !== from.checked
    ) {
      to.click();
    }
    return;
  }
  if (
    !fieldChanged(from) ||
    !(to instanceof HTMLInputElement || to instanceof HTMLTextAreaElement || to instanceof HTMLSelectElement)
  )
    return;
  const prototype = Object.getPrototypeOf(to) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(to, from.value);
  to.dispatchEvent(new Event(to instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * A queued click reaches its button once the app enables it: the app may show its screen while
 * it still checks the session (its buttons disabled meanwhile), and a click on a disabled button
 * would be lost.
 */
function clickWhenEnabled(button: HTMLButtonElement, pressedAt: number): void {
  // The work this press starts counts its spinner's pop-in from the visitor's press (decision 198).
  const click = () => {
    carryPress(pressedAt);
    button.click();
  };
  if (!button.disabled) {
    click();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!button.isConnected) observer.disconnect();
    else if (!button.disabled) {
      observer.disconnect();
      click();
    }
  });
  observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * The whole stylesheet takes over from the page's inlined critical CSS (decision 123): the shell
 * guard links it inactive (`media="print"`), since the prerendered screen is styled already and
 * the stylesheet's arrival would compute its whole style again. It becomes active when the app's
 * screen is ready, a frame before the swap (decision 123), and the critical CSS, a part of it, goes.
 */
export function activateAppStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')) link.media = 'all';
  document.querySelector('style[data-critical]')?.remove();
}

/** Whether the visitor has pressed a key or a pointer on the page since the app began to load. */
let touched = false;
const touch = () => {
  touched = true;
};

/**
 * The app's control gets the focus the shell's had. Where only the page's `autofocus` put it
 * there, that happens once the new screen has had its first frame, in a task of its own
 * (decision 123): focusing a text field lays out the whole new screen at once (17–28 ms at 4× CPU)
 * and runs the app's focus handlers (another 30), which in the swap's own task made one task of
 * 84–180 ms. A key pressed in between moves the focus at once, from its `keydown`, so the key's
 * text goes into the control; a control the visitor focused meanwhile keeps the focus. Where the
 * visitor put the focus (or typed, or pressed something), it moves in the swap's own task, as
 * before: on a phone its keyboard is open, and a frame without a focused field could close it.
 */
function moveFocus(target: HTMLElement, ringShown: boolean, now: boolean): void {
  const focus = () => {
    document.removeEventListener('keydown', focus, true);
    const active = document.activeElement;
    if (!target.isConnected || (active && active !== document.body)) return;
    // Where the shell's control was, on the same layout: no scrolling.
    target.focus({ focusVisible: ringShown, preventScroll: true } as FocusOptions);
  };
  if (now) {
    focus();
    return;
  }
  document.addEventListener('keydown', focus, true);
  requestAnimationFrame(() => setTimeout(focus, 0));
}

function swap(shell: HTMLElement, root: HTMLElement): void {
  const shellFields = displayed<HTMLInputElement>(shell, fieldSelector);
  const focused = shell.contains(document.activeElement) ? document.activeElement : null;
  const shellFocusables = focused ? displayed<HTMLElement>(shell, focusableSelector) : [];
  // Keep the focus ring as it was (an autofocused box shows it; a clicked button does not).
  const ringShown = focused ? focused.matches(':focus-visible') || focused.hasAttribute('autofocus') : false;
  const typedInto = shellFields.filter((field) => fieldChanged(field));
  const queued = window.__shellQueue ?? [];
  // The whole stylesheet is active already (a frame ago): the style computed next is only the new
  // screen's.
  shell.replaceWith(root);
  // The app's controls are looked up (their styles) only when something carries over.
  if (typedInto.length > 0) {
    const appFields = displayed<HTMLInputElement>(root, fieldSelector);
    for (const field of typedInto) {
      const target = counterpart(field, shellFields, appFields);
      if (target) carryValue(field, target);
    }
  }
  if (focused) {
    // A skip link's target (focusable by script only) is found by its id; a control by its place.
    const target =
      focused.id && focused.getAttribute('tabindex') === '-1'
        ? root.querySelector(`#${CSS.escape(focused.id)}`)
        : counterpart(focused, shellFocusables, displayed<HTMLElement>(root, focusableSelector));
    const onlyAutofocus =
      !touched && typedInto.length === 0 && queued.length === 0 && focused.hasAttribute('autofocus');
    if (target instanceof HTMLElement) moveFocus(target, ringShown, !onlyAutofocus);
  }
  document.removeEventListener('pointerdown', touch, true);
  document.removeEventListener('keydown', touch, true);
  window.__shellQueue = undefined;
  if (queued.length === 0) return;
  // After the app's first frame on screen: its screen may still settle (the router's first
  // navigation, the session answer) and re-render the buttons the clicks are meant for.
  requestAnimationFrame(() =>
    setTimeout(() => {
      const buttons = displayed<HTMLButtonElement>(root, 'button');
      for (const action of queued) {
        const button = buttons.filter((b) => (b.textContent ?? '').trim() === action.label)[action.nth];
        if (button) clickWhenEnabled(button, action.at);
      }
    }, 0),
  );
}

/**
 * The element the app renders into. Without a prerendered shell (the SPA fallback) it is the
 * page's `#root`; when the shell guard found a possible session, the (hidden) shell makes way for
 * a `#root` at once; otherwise the app renders into a `#root` outside the document, which replaces
 * the shell when it is ready.
 */
export function appContainer(): HTMLElement | null {
  const shell = document.getElementById('shell');
  if (!shell) return document.getElementById('root');
  const root = document.createElement('div');
  root.id = 'root';
  if (document.documentElement.getAttribute('data-session') === 'maybe') {
    shell.replaceWith(root);
    return root;
  }
  document.addEventListener('pointerdown', touch, true);
  document.addEventListener('keydown', touch, true);
  const observer = new MutationObserver(() => {
    if (!root.querySelector(readySelector)) return;
    observer.disconnect();
    // The whole stylesheet takes over from the critical CSS first, and the shell is restyled with
    // it in the next frame (same look: the critical CSS is a part of it), with whatever else the
    // app's start changed in the page. Then, in a task of its own, the swap: its style is only the
    // new screen's. Each piece is a task of its own (decision 123).
    activateAppStyles();
    requestAnimationFrame(() => setTimeout(() => swap(shell, root), 0));
  });
  observer.observe(root, { childList: true, subtree: true });
  return root;
}
