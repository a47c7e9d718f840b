import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { forgetFailedLoad, reportFailedLoad } from '../code-loads';
import { logger } from '../logger';

/**
 * A part of the shell that loads lazily (the account menu's dropdown, the collapsed navbar's
 * dropdowns, the new-version prompt): their code stays out of the first screen's bytes, but a
 * failed load must never blank the app nor stick (decision 195).
 *
 * Unlike `React.lazy`, which keeps a rejected load for ever, a failed load shows the caller's
 * `fallback` (a plain, eagerly loaded way on: a Logout button, a link) and is reported to the
 * failed loads (src/code-loads.ts): the code-recovery machine tries it again once the app's origin
 * answers (decision 195); it is also tried again when the part is shown again. Whatever the loaded
 * part throws while rendering is caught by its own boundary, which shows the same fallback.
 *
 *   const accountDropdown = partLoader('AccountDropdown', () => import('./x').then((m) => m.X));
 *   <LazyPart loader={accountDropdown} props={{ user }} fallback={<Button>Logout</Button>} />
 */
type LoadState<P> =
  | { status: 'idle' }
  | { status: 'loading' }
  /** Loading again after a failure: the fallback stays (a retry can take long on a bad network). */
  | { status: 'retrying' }
  | { status: 'loaded'; part: ComponentType<P> }
  | { status: 'failed' };

export interface PartLoader<P> {
  readonly name: string;
  subscribe: (listener: () => void) => () => void;
  snapshot: () => LoadState<P>;
  /** Starts loading (again after a failure); nothing while loading or loaded. */
  start: () => void;
}

export function partLoader<P extends object>(
  name: string,
  loadPart: () => Promise<ComponentType<P>>,
): PartLoader<P> {
  let state: LoadState<P> = { status: 'idle' };
  let attempt: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: LoadState<P>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  /** Loads the part (once at a time); rejects when it could not be loaded. */
  const load = (): Promise<void> => {
    if (state.status === 'loaded') return Promise.resolve();
    attempt ??= loadPart().then(
      (part) => {
        attempt = null;
        forgetFailedLoad(name);
        set({ status: 'loaded', part });
      },
      (error: unknown) => {
        attempt = null;
        logger.warn(`${name} could not be loaded; its fallback shows until it loads`, error);
        set({ status: 'failed' });
        reportFailedLoad(name, load, error);
        throw error;
      },
    );
    if (state.status === 'idle') set({ status: 'loading' });
    else if (state.status === 'failed') set({ status: 'retrying' });
    return attempt;
  };
  return {
    name,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => state,
    start: () => {
      if (state.status !== 'idle' && state.status !== 'failed') return;
      load().catch(() => undefined);
    },
  };
}

export interface LazyPartProps<P> {
  loader: PartLoader<P>;
  /** The loaded part's props. */
  props: P;
  /** Shown when the part could not be loaded or failed to render: must be a way on by itself. */
  fallback: ReactNode;
  /** Shown while the part loads (default nothing). */
  pending?: ReactNode;
}

export function LazyPart<P extends object>({ loader, props, fallback, pending = null }: LazyPartProps<P>) {
  const current = useSyncExternalStore(loader.subscribe, loader.snapshot, loader.snapshot);
  // Shown (again): load, or try once more after a failure.
  useEffect(() => {
    const { status } = loader.snapshot();
    if (status === 'idle' || status === 'failed') loader.start();
  }, [loader]);
  // Once failed, the fallback stays until the part has loaded: the way on never disappears while
  // a retry is under way.
  const failed = current.status === 'failed' || current.status === 'retrying';
  if (current.status === 'loaded') {
    const Loaded = current.part;
    return (
      <PartBoundary name={loader.name} fallback={fallback}>
        <Loaded {...props} />
      </PartBoundary>
    );
  }
  return failed ? fallback : pending;
}

interface PartBoundaryProps {
  name: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** The part's own boundary: what it throws while rendering shows its fallback, never a blank app. */
export class PartBoundary extends Component<PartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    logger.warn(`${this.props.name} failed; its fallback shows`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
