// @vitest-environment jsdom
import { act, type RenderResult, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectContentVisible, selectLongLoading, selectSpinnerVisible } from '#machines/loading.machine';
import { LoadingScreen, type LoadingScreenProps } from '../../src/ui/loading-screen';
import { generatePaths, runPathOnMachine, runPathOnView, type ViewAdapter } from '../support/paths';
import { renderWithProviders } from '../support/render';
import { loadingPathSpec } from './loading.model';

const paths = generatePaths(loadingPathSpec);
// The view runs every edge of the explored graph, not just the minimal covering set.
const viewPaths = generatePaths({ ...loadingPathSpec, exhaustive: true });

describe('loading machine: generated paths', () => {
  it('explores every input', () => {
    expect(new Set(paths.map((p) => p.inputIndex))).toEqual(new Set([0, 1, 2]));
  });
  for (const path of paths) {
    it(path.description, () => {
      runPathOnMachine(path, loadingPathSpec);
    });
  }
});

type LoadingInput = { keepContentVisible?: boolean; loaded?: boolean };
type LoadingSnapshot = Parameters<typeof selectContentVisible>[0];

/** Drives <LoadingScreen> along a path: loading.* events are prop changes, delays are fake time. */
function loadingViewAdapter(): ViewAdapter<LoadingSnapshot> {
  let view: RenderResult | null = null;
  let props: LoadingScreenProps = {
    loading: true,
    supportUrl: 'https://support.example',
    onLogout: () => {},
  };
  const render = () => <LoadingScreen {...props}>the content</LoadingScreen>;
  return {
    // Rendered as a part of a page (headingOrder 2, the default): its heading is not the page's.
    heading: () => null,
    start(input) {
      const i = (input ?? {}) as LoadingInput;
      props = {
        ...props,
        loading: !i.loaded,
        keepContentVisible: i.keepContentVisible ?? false,
        heading: 'Heading',
      };
      view = renderWithProviders(render());
    },
    perform(step) {
      if (step.event.type === 'loading.done' || step.event.type === 'loading.start') {
        props = { ...props, loading: step.event.type === 'loading.start' };
        view?.rerender(render());
      } else {
        act(() => {
          vi.advanceTimersByTime(step.delayMs);
        });
      }
    },
    check(snapshot) {
      expect({
        content: screen.queryByText('the content') !== null,
        spinner: screen.queryByTestId('loading-spinner') !== null,
        heading: screen.queryByText('Heading') !== null,
        long: screen.queryByText('Sorry!') !== null,
      }).toEqual({
        content: selectContentVisible(snapshot),
        spinner: selectSpinnerVisible(snapshot),
        heading: selectSpinnerVisible(snapshot),
        long: selectLongLoading(snapshot),
      });
    },
    stop() {
      view?.unmount();
    },
  };
}

describe('loading screen view: generated paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  for (const path of viewPaths) {
    it(path.description, async () => {
      await runPathOnView(path, loadingPathSpec, loadingViewAdapter());
    });
  }
});
