import { normaliseDomain } from './auth-client';

/**
 * Is the identity provider there? Asked before a redirect login: once the browser has left for
 * the provider's authorize page, a provider that cannot be reached ends on the browser's own error
 * page, out of the app's hands. The provider's discovery document (served by every OpenID
 * provider, the Auth0 tenant included) is requested without credentials and without reading the
 * answer (`no-cors`): any answer means the provider is reachable, a network failure or no answer
 * within the timeout means it is not.
 */
export interface ReachabilityOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
}

export class ProviderUnreachableError extends Error {
  readonly error = 'provider_unreachable';
  constructor(cause: unknown) {
    super('The identity provider could not be reached', { cause });
    this.name = 'ProviderUnreachableError';
  }
}

export function discoveryUrlOf(domain: string): string {
  return `${normaliseDomain(domain)}/.well-known/openid-configuration`;
}

export async function checkProviderReachable(domain: string, options: ReachabilityOptions): Promise<void> {
  const request = options.fetch ?? fetch;
  try {
    await request(discoveryUrlOf(domain), {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ProviderUnreachableError(error);
  }
}
