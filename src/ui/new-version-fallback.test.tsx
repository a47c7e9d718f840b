// @vitest-environment jsdom
/**
 * The new-version prompt when its own code cannot be loaded (a new build may have replaced the
 * old chunks): the same prompt from elements already loaded, with Reload and Later, as in
 * src/app/app.tsx (BuildFreshness).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';
import { type BuildInfo, buildCheckMachine, selectUpdateAvailable } from '#machines/build-check.machine';
import { renderWithProviders } from '../../tests/support/render';
import { setLogLevel } from '../logger';
import { LazyPart, partLoader } from './lazy-part';
import { NewVersionFallback } from './new-version-fallback';
import type { NewVersionPromptProps } from './new-version-prompt';

beforeAll(() => setLogLevel('SILENT'));

async function newBuildPublished() {
  const builds = ['v1', 'v2'];
  const reloads: true[] = [];
  const actor = createActor(
    buildCheckMachine.provide({
      actors: { fetchBuildInfo: fromPromise<BuildInfo>(async () => ({ buildTime: builds.shift() ?? 'v2' })) },
      actions: {
        reloadPage: () => {
          reloads.push(true);
        },
      },
    }),
    { input: { storedVersion: 'v1' } },
  ).start();
  await waitForActor(actor, (s) => s.matches('upToDate'));
  actor.send({ type: 'app.visible' });
  await waitForActor(actor, selectUpdateAvailable);
  return { actor, reloads: () => reloads.length };
}

const unloadable = partLoader<NewVersionPromptProps>('NewVersionPrompt', async () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/new-version-prompt.js');
});

describe('the new-version prompt cannot be loaded', () => {
  it('the fallback prompt shows, and Reload sends build.reload', async () => {
    const { actor, reloads } = await newBuildPublished();
    renderWithProviders(
      <LazyPart
        loader={unloadable}
        props={{ actorRef: actor }}
        fallback={<NewVersionFallback actorRef={actor} />}
      />,
    );
    const prompt = await screen.findByRole('alertdialog', { name: 'A new version is available' });
    expect(prompt.textContent).toContain('Reload the page to get the latest version.');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(reloads()).toBe(1));
  });

  it('Later dismisses it', async () => {
    const { actor } = await newBuildPublished();
    renderWithProviders(
      <LazyPart
        loader={unloadable}
        props={{ actorRef: actor }}
        fallback={<NewVersionFallback actorRef={actor} />}
      />,
    );
    const prompt = await screen.findByRole('alertdialog', { name: 'A new version is available' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Later' }));
    expect(selectUpdateAvailable(actor.getSnapshot())).toBe(false);
  });
});
