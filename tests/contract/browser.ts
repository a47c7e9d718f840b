import { createHash, randomBytes } from 'node:crypto';

/** A tiny cookie-keeping HTTP client that follows nothing by itself (to observe each redirect). */
export class Browser {
  readonly jar = new Map<string, string>();

  async go(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.jar.size > 0)
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      if (index < 1) continue;
      const name = pair.slice(0, index);
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, pair.slice(index + 1));
    }
    const text = await response.text();
    const location = response.headers.get('location');
    return {
      status: response.status,
      headers: response.headers,
      text,
      location: location ? new URL(location, url).href : null,
    };
  }
}

/**
 * An auto-submitting form (oidc-provider's form_post pages, e.g. ending the previous session when
 * the signed-in account changes): its action and hidden fields, or null.
 */
export function autoSubmitForm(html: string): { action: string; fields: Record<string, string> } | null {
  if (!html.includes('forms[0].submit()')) return null;
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) return null;
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[match[1] ?? ''] = match[2] ?? '';
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize URL the Auth0 SPA SDK builds (response_mode query unless given). */
export function authorizeUrl(
  idpUrl: string,
  params: {
    clientId: string;
    redirectUri: string;
    audience: string;
    challenge: string;
    extra?: Record<string, string>;
  },
) {
  const url = new URL(`${idpUrl}/authorize`);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email',
    audience: params.audience,
    state: randomBytes(6).toString('hex'),
    nonce: randomBytes(6).toString('hex'),
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    ...(params.extra ?? {}),
  }).toString();
  return url.href;
}
