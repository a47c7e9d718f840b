/**
 * Spec §6: the real-time access token is obtained silently from the identity provider when the
 * socket URL is on the same origin as the page and no custom token getter is given.
 */
export type TokenGetter = () => Promise<string>;

export function resolveAccessTokenFactory(options: {
  url: string;
  pageOrigin: string;
  getAccessToken?: TokenGetter;
  getTokenSilently: TokenGetter;
}): TokenGetter | undefined {
  if (options.getAccessToken) return options.getAccessToken;
  const target = new URL(options.url, options.pageOrigin);
  return target.origin === options.pageOrigin ? options.getTokenSilently : undefined;
}
