import type { Auth0Client } from '@auth0/auth0-spa-js';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { RuntimeConfig } from '#machines/app-bootstrap.machine';
import { authConstants } from '#machines/constants';
import type { SessionUser } from '#machines/domain';
import {
  authErrorCode,
  type LoginRequest,
  type LogoutRequest,
  type SessionCheckResult,
  sessionMachine,
} from '#machines/session.machine';
import { getAuthClient } from '../../auth/auth-client';
import { authMethods } from '../../auth/auth-methods';
import { checkProviderReachable } from '../../auth/provider-reachability';
import {
  clearAllCookies,
  clearProviderCookies,
  hasStaleProviderKeys,
  removeProviderKeys,
  sessionCleanupChecks,
} from '../../auth/provider-storage';
import {
  cleanupReturnTo,
  logoutReturnTo,
  originsOf,
  sameOriginTarget,
  withoutQueryParam,
} from '../../auth/return-to';
import { hasAuthenticatedFlag, isRedirectCallback, isSurelySignedOut } from '../../auth/session-hint';
import { checkSessionSilently } from '../../auth/silent-check';
import { onLoginRequired } from '../../auth/token';
import { logger } from '../../logger';
import { startFlowActor } from '../../ui/flow-actor';
import { browserStorage } from '../browser-storage';

/**
 * Provides the session machine's effects with the identity provider's SDK (src/auth). Runs once,
 * when the root actors are created, before the router has touched the address: the address the
 * page was loaded with is the one the redirect callback and the cleanup checks read.
 *
 * The start-up check uses the SDK's client itself: it runs before @auth0/auth0-react's provider
 * is mounted (src/app/live/auth-provider.tsx waits for it), so the callback and the cleanup
 * checks come first. Login, renewal and logout go through the provider's hook (`authMethods`).
 */

/** Never settles: the page is navigating away (here, and in the sign-in guard, src/app/guards.ts). */
export function leaving(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** The SDK's errors carry a code; ID-token check failures are plain Errors about the ID token. */
function callbackErrorCodeOf(error: unknown): string {
  const code = authErrorCode(error, '');
  if (code) return code;
  const message = error instanceof Error ? error.message : '';
  if (/id token|\(iss\)|\(aud\)|\(azp\)|nonce|\(exp\)|\(nbf\)|auth_time|org_/i.test(message))
    return 'invalid_id_token';
  return 'callback_failed';
}

/**
 * The SDK loads before it is needed on a sign-in intent: a pointer over, or focus on, a sign-in
 * button (`data-sign-in`), so the redirect to the provider starts without waiting for it.
 */
function preloadOnSignInIntent(load: () => unknown): void {
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-sign-in]')) return;
    document.removeEventListener('pointerover', onIntent, true);
    document.removeEventListener('focusin', onIntent, true);
    load();
  };
  document.addEventListener('pointerover', onIntent, true);
  document.addEventListener('focusin', onIntent, true);
}

async function readUser(client: Auth0Client): Promise<SessionUser | null> {
  const user = await client.getUser<SessionUser>();
  return user?.sub ? user : null;
}

export function provideSession(machine: typeof sessionMachine, config: RuntimeConfig): typeof sessionMachine {
  const auth = config.auth;
  const origin = window.location.origin;
  const initialHref = window.location.href;
  const allowedOrigins = [origin, ...originsOf(config.app.portals.map((portal) => portal.url))];
  const client = () => getAuthClient(auth, origin);
  preloadOnSignInIntent(() => client().catch(() => undefined));

  const checkSession = async (): Promise<SessionCheckResult> => {
    const url = new URL(initialHref);
    const cleanup = sessionCleanupChecks(url.hostname);
    if (
      cleanup.staleProviderKeys &&
      hasStaleProviderKeys(auth.auth0ClientId, document.cookie, window.localStorage)
    ) {
      const callbackUrl = url.searchParams.get(authConstants.callbackUrlParam);
      logger.info('session: provider keys left without the authenticated flag, logging out');
      return {
        kind: 'staleProviderKeys',
        logout: {
          returnTo: cleanupReturnTo({
            callbackUrl,
            defaultLogoutReturnTo: authConstants.defaultLogoutReturnTo,
            current: `${url.pathname}${url.search}${url.hash}`,
          }),
        },
      };
    }
    // No session the SDK could restore: signed out without loading it (it loads on intent).
    if (isSurelySignedOut({ auth, url, cookieHeader: document.cookie, storage: browserStorage('local') })) {
      return { kind: 'signedOut', callbackErrorCode: null };
    }
    const sdk = await client();
    let returnTo: string | null = null;
    let callbackErrorCode: string | null = null;
    if (isRedirectCallback(url)) {
      try {
        const result = await sdk.handleRedirectCallback<{ returnTo?: string }>(url.href);
        returnTo = sameOriginTarget(result.appState?.returnTo, origin);
      } catch (error) {
        // Back or refresh on /auth/redirect: the transaction is gone ('Invalid state'). Recover
        // with a silent check below and let the redirect screen decide with the code.
        callbackErrorCode = callbackErrorCodeOf(error);
        logger.warn('session: redirect callback failed', callbackErrorCode);
      }
    }
    if (!(await sdk.isAuthenticated())) {
      // Coming back from the provider with a code that could not be used (a refresh or back
      // button mid-exchange): the provider very likely has a session even though the SDK's
      // authenticated flag was never written, so ask it as if the flag were set.
      const flagged = callbackErrorCode !== null || hasAuthenticatedFlag(auth.auth0ClientId, document.cookie);
      await checkSessionSilently(sdk, flagged);
    }
    const user = await readUser(sdk);
    if (!user) return { kind: 'signedOut', callbackErrorCode };
    const hint = url.searchParams.get(authConstants.loginHintParam);
    if (cleanup.loginHint && hint && hint !== user.email && hint !== user.sub) {
      logger.info('session: login hint names somebody else, logging out locally');
      return { kind: 'loginHintMismatch', logout: { localOnly: true, reload: true, removeLoginHint: true } };
    }
    return { kind: 'signedIn', user, returnTo, callbackErrorCode };
  };

  const checkProvider = async (): Promise<void> => {
    // The SDK loads meanwhile, so a reachable provider costs no extra wait.
    const sdk = client().catch(() => undefined);
    try {
      await checkProviderReachable(auth.auth0Domain, { timeoutMs: authConstants.httpTimeoutSeconds * 1000 });
    } catch (error) {
      logger.warn('session: the identity provider could not be reached', error);
      throw error;
    }
    await sdk;
  };

  /** The provider's hook, once it is mounted (the SDK loads first if need be). */
  const hook = async () => {
    await client();
    return authMethods();
  };

  const loginWithRedirect = async (request: LoginRequest): Promise<void> => {
    const provider = await hook();
    await provider.loginWithRedirect({
      appState: { returnTo: sameOriginTarget(request.returnTo, origin) ?? '/' },
      authorizationParams: {
        ...(request.connection ? { connection: request.connection } : {}),
        ...(request.screenHint === 'signup' ? { screen_hint: 'signup' } : {}),
        ...(request.loginHint ? { login_hint: request.loginHint } : {}),
        ...(request.prompt ? { prompt: request.prompt } : {}),
      },
    });
  };

  const refreshSession = async (): Promise<SessionUser> => {
    const provider = await hook();
    await provider.getAccessTokenSilently({ cacheMode: 'off' });
    const user = await readUser(await client());
    if (!user) throw Object.assign(new Error('No user after refresh'), { error: 'login_required' });
    return user;
  };

  const logout = async (request: LogoutRequest): Promise<void> => {
    const provider = await hook();
    const cookieDomain = auth.cookieDomain ?? null;
    removeProviderKeys(window.localStorage);
    clearProviderCookies(document, auth.auth0ClientId, cookieDomain);
    if (request.localOnly) {
      await provider.logout({ openUrl: false });
      clearAllCookies(document, cookieDomain);
      if (request.reload) {
        const href = request.removeLoginHint
          ? withoutQueryParam(window.location.href, authConstants.loginHintParam)
          : window.location.href;
        window.history.replaceState(window.history.state, '', href);
        window.location.reload();
        await leaving();
      }
      return;
    }
    const returnTo = logoutReturnTo(
      request.returnTo ?? authConstants.defaultLogoutReturnTo ?? '/',
      origin,
      allowedOrigins,
    );
    await provider.logout({ logoutParams: { returnTo } });
    // The browser is leaving for the provider's logout endpoint: stay 'loggingOut' until it does.
    await leaving();
  };

  return machine.provide({
    actors: {
      checkSession: fromPromise(checkSession),
      checkProvider: fromPromise(checkProvider),
      loginWithRedirect: fromPromise(({ input }) => loginWithRedirect(input)),
      refreshSession: fromPromise(refreshSession),
      logout: fromPromise(({ input }) => logout(input)),
    },
  });
}

/** The long-lived session actor, wired to the token getter (login_required → logout). */
export function createSessionActor(config: RuntimeConfig): ActorRefFrom<typeof sessionMachine> {
  const session = startFlowActor(provideSession(sessionMachine, config));
  onLoginRequired(() => session.send({ type: 'session.loginRequired' }));
  return session;
}
