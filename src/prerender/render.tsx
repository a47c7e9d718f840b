import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl, IntlProvider } from 'react-intl';
import { type AnyActorRef, createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { busyIndicatorDelays, codeRecoveryDelays, loadingDelays } from '#machines/constants';
import type { LocaleCode } from '#machines/domain';
import { hubConnectionMachine } from '#machines/hub-connection.machine';
import { selectStep } from '#machines/onboarding.machine';
import { emptyDraft } from '#machines/onboarding-draft';
import { type OnboardingStepId, onboardingStepTable, stepRow } from '#machines/onboarding-steps';
import type { NavigateParams } from '#machines/practice-flow';
import { type SessionCheckResult, sessionMachine } from '#machines/session.machine';
import { userStoreMachine } from '#machines/user-store.machine';
import { RootActorsProvider } from '../app/actors-context';
import { RECOVERY_RELOAD_KEY } from '../app/live/code-recovery';
import type { FlowEdges } from '../app/live/edge';
import { provideJoinPractice } from '../app/live/join-practice';
import { provideLanding } from '../app/live/landing';
import { provideOnboarding } from '../app/live/onboarding';
import { existingRealtime, idleCodeRecovery, type RootActors } from '../app/root-actors';
import { RootLayout } from '../app/root-layout';
import { buildTitle, defaultProductName } from '../app/route-titles';
import type { RouterContext } from '../app/router-context';
import { storageKeys } from '../app/storage-keys';
import { cssVariablesResolver, theme } from '../app/theme';
import { AppMantineProvider } from '../boot/app-mantine-provider';
import { type DraftFillOptions, draftFill } from '../boot/draft-fill';
import { BOOT_FIELDS_KEY, type BootRecovery, shellGuard } from '../boot/shell-guard';
import { defaultLocale } from '../i18n/locale';
import { RuntimeConfigContext } from '../ui/runtime-config';
import { supportLinksOf } from '../ui/support-defaults';
import { JoinPracticeCodeView } from '../views/join-practice/join-practice-code-view';
import { JoinPracticeLinkView } from '../views/join-practice/join-practice-link-view';
import { LandingView } from '../views/landing/landing-view';
import { OnboardingView } from '../views/onboarding/onboarding-view';
import { BootFailedNotice } from './boot-failed-notice';
import { NoScriptNotice, UNSUPPORTED_BROWSER_ID, UnsupportedBrowserNotice } from './browser-notices';
import { prerenderConfig } from './build-config';
import { describeRoute } from './descriptions';
import { errorScreens } from './error-screens';
import { pressedButtonTemplate } from './pressed-button';
import type { ScreenFactory } from './screen-factory';

/**
 * Build-time rendering of the signed-out first screens (docs/decisions/123-critical-css.md).
 *
 * Each screen is the real view of the real machine, run with fake effects to the state a
 * signed-out visitor rests in (no session, no stored draft, no API call answered), inside the
 * real shell (RootLayout: skip link, navbar, main) and the same theme and catalogs. The result is
 * static HTML: the app later boots beside it and takes over once it shows the same screen
 * (src/boot/handoff.ts).
 */

export interface PrerenderedRoute {
  /** The address the file is served for. */
  path: string;
  /** The markup of `#root`. */
  html: string;
  /** The heading of the screen. */
  heading: string;
  /** The document title, as the app sets it ('{product name} | Segment'). */
  title: string;
  /** The meta description of the screen (src/prerender/descriptions.ts). */
  description: string;
}

/** A storage with nothing in it: a first visit has no draft and no stored invite. */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const signedOut: SessionCheckResult = { kind: 'signedOut', callbackErrorCode: null };

/** The root actors as a signed-out first visit has them once the session check has answered. */
async function signedOutRootActors(): Promise<RootActors> {
  const session = createActor(
    sessionMachine.provide({ actors: { checkSession: fromPromise(async () => signedOut) } }),
  );
  session.start();
  await waitFor(session, (s) => s.matches('signedOut'), { timeout: 1000 });
  return {
    session,
    realtime: existingRealtime({
      hubConnection: createActor(hubConnectionMachine),
      userStore: createActor(userStoreMachine, { input: undefined }),
    }),
    codeRecovery: idleCodeRecovery(),
  };
}

function noApi(): never {
  throw new Error('No API call is answered while prerendering');
}

function edgesOf(actors: RootActors, config: RuntimeConfig, navigations: NavigateParams[]): FlowEdges {
  return {
    actors,
    config,
    navigate: (params) => navigations.push(params),
    redirect: () => navigations.push({ to: '(another origin)' }),
    login: () => undefined,
    call: noApi,
  };
}

/** Runs an actor until it rests (no 'busy' tag); fails when it navigated away instead. */
async function rested<TActor extends AnyActorRef>(
  actor: TActor,
  navigations: NavigateParams[],
  path: string,
): Promise<TActor> {
  actor.start();
  await waitFor(actor, (s: SnapshotFrom<TActor>) => !(s as { hasTag(t: string): boolean }).hasTag('busy'), {
    timeout: 2000,
  });
  // Let any remaining microtasks (entry actions, spawned children) settle.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (navigations.length > 0) {
    throw new Error(`${path}: a signed-out visitor does not stay here (went to ${navigations[0]?.to})`);
  }
  return actor;
}

const onboardingScreen =
  (step: OnboardingStepId, path: string): ScreenFactory =>
  async (actors, config) => {
    const navigations: NavigateParams[] = [];
    const machine = provideOnboarding(
      {
        ...edgesOf(actors, config, navigations),
        dropPendingNavigations: () => undefined,
        setLocale: () => undefined,
      },
      emptyStorage(),
    );
    const actor = createActor(machine, {
      input: {
        step,
        draft: emptyDraft(),
        regions: config.app.portals
          .filter((p) => p.isPublic)
          .map((p) => ({ key: p.key, locale: p.locales[0] ?? defaultLocale })),
        directoryPracticeKey: null,
        practiceKey: null,
      },
    });
    await rested(actor, navigations, path);
    if (selectStep(actor.getSnapshot()) !== step) throw new Error(`${path}: rests at another step`);
    return { render: () => <OnboardingView actor={actor} />, actor };
  };

/** The onboarding steps the table marks for prerendering (machines/onboarding-steps.ts). */
const prerenderedSteps = onboardingStepTable.filter((step) => step.prerender);

/** The module of each prerendered route's screen (its chunk's CSS is inlined into the page). */
export const screenModuleOf: Record<string, string> = {
  '/': 'src/views/landing/landing-view.tsx',
  ...Object.fromEntries(
    prerenderedSteps.map((step) => [step.path, 'src/views/onboarding/onboarding-view.tsx']),
  ),
  '/invite-code': 'src/views/join-practice/join-practice-code-view.tsx',
  '/invite': 'src/views/join-practice/join-practice-link-view.tsx',
  '/server-error': 'src/views/errors/server-error-view.tsx',
  '/not-found': 'src/views/errors/not-found-view.tsx',
  '/no-access': 'src/views/errors/no-access-view.tsx',
  '/redirected': 'src/views/errors/redirected-view.tsx',
};

/** The inline script of every prerendered page and of the SPA fallback, before it is inlined. */
export function shellGuardSource(): string {
  return shellGuard.toString();
}

/** The practice page's second inline script (decision 100), and the page that has it. */
export function draftFillSource(): string {
  return draftFill.toString();
}
/** The practice step's address, from the step table. */
export const draftFillPath = stepRow('practice').path;
export function draftFillOptions(): DraftFillOptions {
  return { path: draftFillPath, storageKey: storageKeys.onboardingPracticeRegistration };
}

/** The shell guard's boot recovery: the code recovery's policy and marks (decision 195). */
export function shellGuardOptions(): BootRecovery {
  return {
    probeInterval: codeRecoveryDelays.originProbeInterval,
    probeTimeout: codeRecoveryDelays.originProbeTimeout,
    reloadLoopWindow: codeRecoveryDelays.reloadLoopWindow,
    reloadKey: RECOVERY_RELOAD_KEY,
    fieldsKey: BOOT_FIELDS_KEY,
    longLoading: loadingDelays.longLoading,
    pressedBusyAfter: busyIndicatorDelays.popInDelay,
  };
}

/** The notice a page shows when the app's code could not be loaded (hidden; decision 195). */
export function prerenderBootFailedNotice(
  options: { locale?: LocaleCode; messages?: Record<string, string> } = {},
): string {
  const links = supportLinksOf(prerenderConfig.app);
  return renderToString(
    <AppMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <IntlProvider
        locale={options.locale ?? defaultLocale}
        defaultLocale={defaultLocale}
        messages={options.messages ?? {}}
      >
        <BootFailedNotice supportUrl={links.supportUrl} />
      </IntlProvider>
    </AppMantineProvider>,
  );
}

/**
 * What a page says to a browser that cannot run the app (src/prerender/browser-notices.tsx): the
 * notice and the `<noscript>` for the body, the `<noscript>` for the head (JavaScript off: no
 * shell, whose buttons could not act), and the rules that show the notice instead of the page:
 * where the shell guard found the browser unsupported (`data-browser`), and, by CSS alone, in a
 * browser older than any the guard's checks need to tell apart (no `aspect-ratio`: before Chrome
 * 88, Firefox 89 and Safari 15), which may not even parse the guard.
 */
export function prerenderBrowserNotices(
  options: { locale?: LocaleCode; messages?: Record<string, string> } = {},
): { body: string; head: string; rules: string } {
  const productName = prerenderConfig.app.productName?.trim() || defaultProductName;
  const render = (node: ReactNode) =>
    renderToString(
      <IntlProvider
        locale={options.locale ?? defaultLocale}
        defaultLocale={defaultLocale}
        messages={options.messages ?? {}}
      >
        {node}
      </IntlProvider>,
    );
  const notice = `#${UNSUPPORTED_BROWSER_ID}`;
  const marked = 'html[data-browser=unsupported]';
  return {
    body: `${render(<UnsupportedBrowserNotice productName={productName} />)}<noscript>${render(<NoScriptNotice productName={productName} />)}</noscript>`,
    head: '<noscript><style>#shell,#root{display:none!important}</style></noscript>',
    rules:
      `${marked} #shell,${marked} #root,${marked} #boot-failed{display:none}${marked} ${notice}{display:block}` +
      `@supports not (aspect-ratio:1){#shell,#root,#boot-failed{display:none}${notice}{display:block}}`,
  };
}

/** The loading look a pressed shell button takes while the app loads (a `<template>`, hidden). */
export function prerenderPressedButtonTemplate(): string {
  return pressedButtonTemplate((node) =>
    renderToString(
      <AppMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {node}
      </AppMantineProvider>,
    ),
  );
}

/** The public routes whose signed-out screen is prerendered (spec §2). */
export const prerenderedScreens: Record<string, ScreenFactory> = {
  '/': async (actors, config) => {
    const navigations: NavigateParams[] = [];
    const machine = provideLanding(edgesOf(actors, config, navigations), emptyStorage());
    const actor = await rested(createActor(machine, { input: { inviteLanding: false } }), navigations, '/');
    return { render: () => <LandingView actor={actor} />, actor };
  },
  ...Object.fromEntries(prerenderedSteps.map((step) => [step.path, onboardingScreen(step.id, step.path)])),
  '/invite-code': async (actors, config) => {
    const navigations: NavigateParams[] = [];
    const machine = provideJoinPractice(edgesOf(actors, config, navigations), emptyStorage());
    const actor = await rested(
      createActor(machine, { input: { via: 'code', forceLogin: null, code: null } }),
      navigations,
      '/invite-code',
    );
    return { render: () => <JoinPracticeCodeView actor={actor} />, actor };
  },
  '/invite': async (actors, config) => {
    const navigations: NavigateParams[] = [];
    const machine = provideJoinPractice(edgesOf(actors, config, navigations), emptyStorage());
    // An invitation link always names its practice; the key itself is not shown.
    const actor = await rested(
      createActor(machine, { input: { via: 'link', practiceKey: 'invitation', redirectUri: null } }),
      navigations,
      '/invite',
    );
    return { render: () => <JoinPracticeLinkView actor={actor} />, actor };
  },
  ...errorScreens,
};

function headingOf(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return (match?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
}

/** Renders one route's signed-out screen in the real shell. */
export async function prerenderRoute(
  path: string,
  options: { locale?: LocaleCode; messages?: Record<string, string> } = {},
): Promise<PrerenderedRoute> {
  const factory = prerenderedScreens[path];
  if (!factory) throw new Error(`${path} is not prerendered`);
  const config = prerenderConfig;
  const actors = await signedOutRootActors();
  const { render, actor } = await factory(actors, config);

  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });
  const screenRoute = createRoute({ getParentRoute: () => rootRoute, path, component: render });
  const router = createRouter({
    routeTree: rootRoute.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { actors, config },
    isServer: true,
  });
  await router.load();

  const locale = options.locale ?? defaultLocale;
  const html = renderToString(
    <AppMantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={options.messages ?? {}}>
        <RuntimeConfigContext.Provider value={config}>
          <RootActorsProvider actors={actors}>
            <RouterProvider router={router} />
          </RootActorsProvider>
        </RuntimeConfigContext.Provider>
      </IntlProvider>
    </AppMantineProvider>,
  );
  // Every started actor stops, or its delays (code recovery's 60 s window) keep the build's
  // process alive after it has written everything.
  actor?.stop();
  actors.codeRecovery.stop();
  actors.session.stop();
  const intl = createIntl({ locale, defaultLocale, messages: options.messages ?? {} });
  const title = buildTitle(intl, config.app.productName, path);
  const description = describeRoute(intl, config.app.productName?.trim() || defaultProductName, path);
  return { path, html, heading: headingOf(html), title, description };
}
