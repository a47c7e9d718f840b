/**
 * The practice page's second inline script (after the shell guard, allowed by its CSP hash; only
 * `/onboarding/register-practice` has it, the other pages do without its bytes). A stored practice
 * draft is on the practice form from the first frame (decision 100): the shell is hidden until the
 * form is parsed, then filled from the draft (as default values, so the handoff carries only what
 * the visitor changes), and shown. A draft of another region has other fields and texts: the shell
 * stays hidden and the app's filled form is the first one shown. Nothing is done when the shell
 * guard hid the shell for a possible session. Self-contained: it is inlined as
 * `(${draftFill})(<options>)`, the page's path and the draft's storage key written in by the build
 * (from the step table, machines/onboarding-steps.ts).
 */
export interface DraftFillOptions {
  /** The practice step's address (the page that has this script). */
  path: string;
  /** localStorage: the practice draft (spec §9's onboarding.practiceRegistration). */
  storageKey: string;
}

export function draftFill(options: DraftFillOptions): void {
  const html = document.documentElement;
  if (html.getAttribute('data-session') === 'maybe') return;
  let draft: unknown = null;
  try {
    const raw =
      location.pathname.replace(/\/$/, '') === options.path ? localStorage.getItem(options.storageKey) : null;
    draft = raw ? JSON.parse(raw) : null;
  } catch {
    draft = null;
  }
  if (draft && typeof draft === 'object') {
    html.setAttribute('data-draft', '');
    const fill = () => {
      const shell = document.getElementById('shell');
      const form =
        shell?.getAttribute('data-prerendered') === options.path ? shell.querySelector('form') : null;
      if (!form) {
        html.removeAttribute('data-draft');
        return;
      }
      const stored = draft as Record<string, unknown>;
      // Read as the app reads it (src/validation/stored-draft.ts): anything but 'uk' is 'au'.
      if (stored.environment === 'uk') return;
      const valueAt = (name: string): unknown =>
        name
          .split('.')
          .reduce<unknown>(
            (at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
            stored,
          );
      for (const field of Array.prototype.slice.call(
        form.querySelectorAll('input[name], select[name], textarea[name]'),
      )) {
        const value = valueAt(field.name);
        if (field instanceof HTMLInputElement && field.type === 'checkbox')
          field.defaultChecked = value === true;
        else if (field instanceof HTMLSelectElement) {
          for (const option of Array.prototype.slice.call(field.options))
            option.defaultSelected = option.value === String(value ?? '');
        } else if (typeof value === 'string' && field.type !== 'radio') field.defaultValue = value;
      }
      html.removeAttribute('data-draft');
    };
    // Once parsed, before DOMContentLoaded: the shell guard puts back what was typed before a
    // recovery reload then, over the draft's defaults.
    if (document.readyState === 'loading')
      document.addEventListener('readystatechange', fill, { once: true });
    else fill();
  }
}
