import { lazyRouteComponent } from '@tanstack/react-router';
import { reportFailedLoad } from '../code-loads';

/**
 * A route screen's chunk could not be loaded (offline, the stack down, a build replaced). The
 * route's error screen (src/app/route-error.tsx) shows and retries; whether a newer build makes a
 * reload worthwhile is the build-check machine's call alone (decision 002: reload once per build).
 */
export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
  constructor(readonly original: unknown) {
    // Not "Failed to fetch dynamically imported module…": TanStack's lazyRouteComponent would reload
    // the page on that message (an offline reload ends on the browser's own error page).
    super(`A screen could not be loaded: ${original instanceof Error ? original.message : String(original)}`);
  }
}

export function isScreenLoadError(error: unknown): error is ScreenLoadError {
  return error instanceof ScreenLoadError;
}

/**
 * `lazyRouteComponent` for the app's route screens: a failed load ends on the route's error screen
 * (never a surprise reload) and is reported to the failed loads (src/code-loads.ts): the
 * code-recovery machine tries it again once the origin answers, and the error screen then loads
 * the route again (decision 195).
 */
export function lazyScreen<TModule extends Record<string, unknown>, TKey extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TKey,
) {
  return lazyRouteComponent<TModule, TKey>(
    () =>
      load().catch((error: unknown) => {
        reportFailedLoad(`screen ${name}`, load, error);
        throw new ScreenLoadError(error);
      }),
    name,
  );
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A screen with a form: the forms' libraries (Formik, yup: src/boot/libraries/form-libraries.ts),
 * then the field system (src/boot/libraries/forms.ts), are evaluated in a task each first, then the
 * screen's chunk in the next (decision 181), as the boot loads its layers. A failed load fails
 * the screen's load as before.
 */
export function withForms<TModule>(load: () => Promise<TModule>): () => Promise<TModule> {
  return async () => {
    await import('../boot/libraries/form-libraries');
    await nextTask();
    await import('../boot/libraries/forms');
    await nextTask();
    return load();
  };
}
