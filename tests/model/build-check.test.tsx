// @vitest-environment jsdom
import { act, fireEvent, type RenderResult, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import { type BuildInfo, buildCheckMachine, selectUpdateAvailable } from '#machines/build-check.machine';
import { NewVersionPrompt } from '../../src/ui/new-version-prompt';
import { generatePaths, runPathOnMachine, runPathOnView, type ViewAdapter } from '../support/paths';
import { renderWithProviders } from '../support/render';
import { buildCheckPathSpec } from './build-check.model';

const paths = generatePaths(buildCheckPathSpec);

describe('build-check machine: generated paths', () => {
  it('explores every input', () => {
    expect(new Set(paths.map((p) => p.inputIndex))).toEqual(new Set([0, 1, 2]));
  });
  for (const path of paths) {
    it(path.description, () => {
      const { actorInputs } = runPathOnMachine(path, buildCheckPathSpec);
      // every fetch answered by the path was really running as an invoked actor
      const answered = path.steps.filter((s) => s.event.type.endsWith('.actor.fetchBuildInfo')).length;
      expect(actorInputs.filter((a) => a.src === 'fetchBuildInfo').length).toBeGreaterThanOrEqual(answered);
    });
  }
});

type Snapshot = Parameters<typeof selectUpdateAvailable>[0];

/**
 * Drives <NewVersionPrompt> along a path: build.reload / build.dismiss are clicks on its buttons;
 * fetch results, app.visible and build.chunkFailed come from the app edge, so they are sent to
 * the actor; delays are fake time.
 */
function promptAdapter(): ViewAdapter<Snapshot> {
  let view: RenderResult | null = null;
  let actor: ActorRefFrom<typeof buildCheckMachine> | null = null;
  const reloadPage = vi.fn();
  return {
    // The prompt is a notice over whatever page is open: no page heading of its own.
    heading: () => null,
    start(input) {
      const machine = buildCheckMachine.provide({
        actors: { fetchBuildInfo: fromPromise<BuildInfo>(() => new Promise<BuildInfo>(() => {})) },
        actions: { reloadPage },
      });
      const created = createActor(machine, { input: input as { storedVersion: string | null } });
      created.start();
      actor = created;
      view = renderWithProviders(<NewVersionPrompt actorRef={created} inline />);
    },
    perform(step) {
      const type = step.event.type;
      if (type === 'build.reload') fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      else if (type === 'build.dismiss') fireEvent.click(screen.getByRole('button', { name: 'Later' }));
      else if (type.startsWith('xstate.after.')) {
        act(() => {
          vi.advanceTimersByTime(step.delayMs);
        });
      } else {
        act(() => {
          actor?.send(step.event as never);
        });
      }
    },
    check(snapshot) {
      // the clicks really sent the path's events: the rendered actor follows the oracle
      expect(actor?.getSnapshot().value).toEqual((snapshot as unknown as { value: unknown }).value);
      const shown = screen.queryByTestId('new-version-prompt') !== null;
      expect(shown).toBe(selectUpdateAvailable(snapshot));
      if (shown) expect(screen.getByText('A new version is available')).toBeTruthy();
      expect(reloadPage).toHaveBeenCalledTimes(actor?.getSnapshot().matches('reloading') ? 1 : 0);
    },
    stop() {
      view?.unmount();
      actor?.stop();
    },
  };
}

describe('new version prompt view: generated paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  for (const path of paths) {
    it(path.description, async () => {
      await runPathOnView(path, buildCheckPathSpec, promptAdapter());
    });
  }
});
