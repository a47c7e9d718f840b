// @vitest-environment jsdom
/**
 * The shell's lazy parts (src/ui/lazy-part.tsx): a part whose code cannot be loaded shows its
 * fallback (never nothing, never a blank app), is reported to the failed loads, and loads when
 * they are retried (the code-recovery machine's call, decision 195) or when it is shown again.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { failedLoadNames, resetFailedLoads, retryFailedLoads } from '../code-loads';
import { setLogLevel } from '../logger';
import { LazyPart, partLoader } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

function Broken(_: { name: string }): never {
  throw new Error('the part broke while rendering');
}

/** A loader that fails `failures` times, then loads `part`. */
function flakyLoader(failures: number, part: typeof Greeting = Greeting) {
  let attempts = 0;
  const loader = partLoader<{ name: string }>('Greeting', async () => {
    attempts += 1;
    if (attempts <= failures)
      throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    return part;
  });
  return { loader, attempts: () => attempts };
}

beforeAll(() => setLogLevel('SILENT'));
afterEach(() => resetFailedLoads());

describe('LazyPart', () => {
  it('shows the part once it has loaded', async () => {
    const { loader } = flakyLoader(0);
    renderWithProviders(<LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} />);
    expect(await screen.findByText('hello Ada')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('a load that rejects shows the fallback, is reported as a failed load, and shows the part once the failed loads are retried', async () => {
    const { loader, attempts } = flakyLoader(1);
    renderWithProviders(
      <LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<button type="button">Logout</button>} />,
    );
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(attempts()).toBe(1);
    expect(failedLoadNames()).toEqual(['Greeting']);
    let allLoaded = false;
    await act(async () => {
      allLoaded = await retryFailedLoads();
    });
    expect(allLoaded).toBe(true);
    expect(await screen.findByText('hello Ada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(attempts()).toBe(2);
    expect(failedLoadNames()).toEqual([]);
  });

  it('a retry that fails again keeps the fallback and the failed load listed', async () => {
    const { loader, attempts } = flakyLoader(2);
    renderWithProviders(<LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} />);
    await screen.findByText('fallback');
    let allLoaded = true;
    await act(async () => {
      allLoaded = await retryFailedLoads();
    });
    expect(allLoaded).toBe(false);
    expect(await screen.findByText('fallback')).toBeTruthy();
    expect(failedLoadNames()).toEqual(['Greeting']);
    expect(attempts()).toBe(2);
  });

  it('keeps the fallback while a retry is under way (a stalled request leaves no gap without a way on)', async () => {
    let attempts = 0;
    let answer: (part: typeof Greeting) => void = () => undefined;
    const loader = partLoader<{ name: string }>('Greeting', () => {
      attempts += 1;
      if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    renderWithProviders(
      <LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<button type="button">Logout</button>} />,
    );
    await screen.findByRole('button', { name: 'Logout' });
    let retry: Promise<boolean> = Promise.resolve(false);
    act(() => {
      retry = retryFailedLoads();
    });
    expect(attempts).toBe(2);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    await act(async () => {
      answer(Greeting);
      await retry;
    });
    expect(await screen.findByText('hello Ada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shown again after a failure, it tries again', async () => {
    const { loader, attempts } = flakyLoader(1);
    const first = renderWithProviders(
      <LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} />,
    );
    await screen.findByText('fallback');
    first.unmount();
    renderWithProviders(<LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} />);
    expect(await screen.findByText('hello Ada')).toBeTruthy();
    expect(attempts()).toBe(2);
  });

  it('a part that throws while rendering shows the fallback, not a blank page', async () => {
    const { loader } = flakyLoader(0, Broken);
    renderWithProviders(
      <div>
        <p>the page</p>
        <LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} />
      </div>,
      { onCaughtError: () => undefined },
    );
    expect(await screen.findByText('fallback')).toBeTruthy();
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('shows `pending` while loading', async () => {
    let resolve: (part: typeof Greeting) => void = () => undefined;
    const loader = partLoader<{ name: string }>(
      'Slow',
      () =>
        new Promise((r) => {
          resolve = r;
        }),
    );
    renderWithProviders(
      <LazyPart loader={loader} props={{ name: 'Ada' }} fallback={<p>fallback</p>} pending={<p>wait</p>} />,
    );
    expect(await screen.findByText('wait')).toBeTruthy();
    await act(async () => resolve(Greeting));
    expect(await screen.findByText('hello Ada')).toBeTruthy();
  });
});
