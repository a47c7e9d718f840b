import type { Auth0ContextInterface } from '@auth0/auth0-react';

/** What the session's effects and the token getter call: the provider's hook (`useAuth0`). */
export type AuthMethods = Pick<
  Auth0ContextInterface,
  'loginWithRedirect' | 'getAccessTokenSilently' | 'logout'
>;

let methods: AuthMethods | null = null;
let waiting: Array<(methods: AuthMethods) => void> = [];

/** Set by the provider's bridge while it is mounted (src/auth/auth0-edge.tsx), null once unmounted. */
export function publishAuthMethods(next: AuthMethods | null): void {
  methods = next;
  if (!next) return;
  const waiters = waiting;
  waiting = [];
  for (const resolve of waiters) resolve(next);
}

/** The hook's methods, once the provider is mounted. */
export function authMethods(): Promise<AuthMethods> {
  if (methods) return Promise.resolve(methods);
  return new Promise((resolve) => waiting.push(resolve));
}
