import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStateMessage } from '#machines/domain';
import { seedAccounts } from '../../server/seed';
import { type CreatedUser, startTestStack, type TestStack, uniqueEmail } from '../support/stack';
import { eventually, registration, validProfile } from './fixtures';

/** HTTP contract of every /api call of spec §7 against the real local stack (fresh data dir). */

let stack: TestStack;
const messages: { sub: string; message: UserStateMessage }[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  stack.events.subscribe((sub, message) => messages.push({ sub, message }));
});
afterAll(async () => {
  await stack.dispose();
});

const problemKeys = ['type', 'title', 'status', 'detail', 'instance', 'errors'];

function expectProblem(answer: { status: number; json: unknown; headers: Headers }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  const body = answer.json as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...problemKeys].sort());
  expect(body.status).toBe(status);
  return body as { errors: Record<string, string[]>; title: string; detail: string; instance: string };
}

function expectFailure(answer: { status: number; json: unknown }, status: number) {
  expect(answer.status).toBe(status);
  const body = answer.json as { isSuccess: boolean; message: string };
  expect(Object.keys(body).sort()).toEqual(['isSuccess', 'message']);
  expect(body.isSuccess).toBe(false);
  expect(typeof body.message).toBe('string');
  return body.message;
}

const seededToken = (sub: string) => stack.token(sub);

describe('client configuration (no auth)', () => {
  it('GET /api/clientconfig/app answers loglevel, both portals with their environment origins, and site settings', async () => {
    const answer = await stack.api('/api/clientconfig/app');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      loglevel: 'INFO',
      portals: [
        {
          key: 'au',
          isPublic: true,
          locales: ['en-AU'],
          isEnvironmentVisible: false,
          url: stack.environments.au,
        },
        {
          key: 'uk',
          isPublic: true,
          locales: ['en-GB'],
          isEnvironmentVisible: false,
          url: stack.environments.uk,
        },
      ],
      productName: 'Practice Portal',
    });
    const body = answer.json as Record<string, unknown>;
    for (const key of ['productDomain', 'marketingSiteUrl', 'supportEmail', 'supportUrl']) {
      expect(typeof body[key]).toBe('string');
    }
  });

  it('the terms and privacy documents of the configuration are served (decision 006)', async () => {
    const body = (await stack.api('/api/clientconfig/app')).json as Record<string, string>;
    for (const [key, title] of [
      ['termsUrl', 'Terms &amp; Conditions'],
      ['privacyUrl', 'Privacy policy'],
    ] as const) {
      expect(body[key]?.startsWith(stack.appUrl)).toBe(true);
      const page = await fetch(body[key] ?? '');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain(`<h1>${title}</h1>`);
    }
  });

  it('GET /api/clientconfig/auth answers the IdP origin with scheme and no trailing slash', async () => {
    const answer = await stack.api('/api/clientconfig/auth');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      auth0Domain: stack.idpUrl,
      auth0ClientId: stack.clientId,
      auth0Audience: stack.audience,
      cacheLocation: 'memory',
      cookieDomain: null,
      useRefreshTokens: false,
      scope: 'openid profile email',
    });
    expect(stack.idpUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });
});

describe('authentication', () => {
  const protectedCalls: [string, string, unknown?][] = [
    ['GET', '/api/userpractice/'],
    ['GET', '/api/userpractice/active'],
    ['POST', '/api/userpractice/active', { practiceKey: 'au-harbourside' }],
    ['POST', '/api/userpractice/invite', { practiceKey: 'au-bondi' }],
    ['POST', '/api/userpractice/invite-code', { inviteCode: 'JOINAU01' }],
    ['GET', '/api/profile/'],
    ['GET', '/api/profile/exists'],
    ['POST', '/api/profile/', validProfile('x@example.test')],
    ['GET', '/api/profile/alternate-providers?email=olivia.nguyen%40example.com'],
    ['POST', '/api/profile/resend-verification-email'],
    ['POST', '/api/onboarding/register-practice', registration('au', 'x@example.test')],
  ];

  it.each(protectedCalls)('%s %s without a token → 401 problem details', async (method, path, body) => {
    const answer = await stack.api(path, { method, body });
    const problem = expectProblem(answer, 401);
    expect(problem.instance).toBe(path.split('?')[0]);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses a malformed token, an expired token and a token for another audience', async () => {
    const expired = await stack.token(seedAccounts.verified.sub, { expiresInSeconds: -60 });
    const otherAudience = await stack.mintAccessToken(seedAccounts.verified.sub);
    const wrongAudience = await import('jose').then(async ({ decodeJwt }) => decodeJwt(otherAudience).aud);
    expect(wrongAudience).toBe(stack.audience);
    for (const token of ['not-a-jwt', expired, `${otherAudience.slice(0, -4)}AAAA`]) {
      const answer = await stack.api('/api/userpractice/', { token });
      expectProblem(answer, 401);
      expect(answer.headers.get('www-authenticate')).toContain('invalid_token');
    }
  });

  it('refuses a token signed by another key (same claims)', async () => {
    const { SignJWT, generateKeyPair } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: seedAccounts.verified.email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(`${stack.idpUrl}/`)
      .setAudience(stack.audience)
      .setSubject(seedAccounts.verified.sub)
      .setExpirationTime('1h')
      .sign(privateKey);
    expectProblem(await stack.api('/api/userpractice/', { token: forged }), 401);
  });
});

describe('shared directory practice (no auth)', () => {
  it('answers a plain directory practice and one whose account exists', async () => {
    const plain = await stack.api('/api/sharedDirectoryPractice/dir-paws-claws');
    expect(plain.status).toBe(200);
    expect(plain.json).toEqual({
      key: 'dir-paws-claws',
      name: 'Paws & Claws Animal Hospital',
      email: 'contact@pawsclaws.example.com',
      practiceKey: null,
      address: {
        address1: '45 Brunswick Street',
        city: 'Fitzroy',
        state: 'VIC',
        postcode: '3065',
        country: 'AU',
      },
    });
    const existing = await stack.api('/api/sharedDirectoryPractice/dir-harbourside');
    expect((existing.json as { practiceKey: string }).practiceKey).toBe('au-harbourside');
  });

  it('answers 404 problem details for an unknown key', async () => {
    expectProblem(await stack.api('/api/sharedDirectoryPractice/nope'), 404);
  });
});

describe('user practices and the active practice', () => {
  it('lists practices sorted by practiceName with environment URLs, plus visible invites', async () => {
    const token = await seededToken(seedAccounts.windowslive.sub);
    const answer = await stack.api('/api/userpractice/', { token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      userPractices: [
        {
          practiceKey: 'au-southbank',
          practiceName: 'Southbank Animal Hospital',
          environment: 'au',
          environmentUrl: `${stack.environments.au}/practice/au-southbank`,
        },
        {
          practiceKey: 'uk-dales',
          practiceName: 'Yorkshire Dales Equine Practice',
          environment: 'uk',
          environmentUrl: `${stack.environments.uk}/practice/uk-dales`,
        },
      ],
      invites: [],
    });
  });

  it('answers the active practice, or none', async () => {
    const olivia = await stack.api('/api/userpractice/active', {
      token: await seededToken(seedAccounts.verified.sub),
    });
    expect(olivia.json).toEqual({
      activePractice: {
        hasActivePractice: true,
        practiceKey: 'au-harbourside',
        environmentUrl: `${stack.environments.au}/practice/au-harbourside`,
      },
    });
    const emma = await stack.api('/api/userpractice/active', {
      token: await seededToken(seedAccounts.windowslive.sub),
    });
    expect(emma.json).toEqual({
      activePractice: { hasActivePractice: false, practiceKey: null, environmentUrl: null },
    });
  });

  it('sets the active practice among the user’s own practices only', async () => {
    const token = await seededToken(seedAccounts.windowslive.sub);
    const set = await stack.api('/api/userpractice/active', { token, body: { practiceKey: 'uk-dales' } });
    expect(set.status).toBe(200);
    expect((set.json as { activePractice: { practiceKey: string } }).activePractice.practiceKey).toBe(
      'uk-dales',
    );
    expectFailure(
      await stack.api('/api/userpractice/active', { token, body: { practiceKey: 'au-harbourside' } }),
      400,
    );
    const missing = expectProblem(await stack.api('/api/userpractice/active', { token, body: {} }), 400);
    expect(missing.errors.practiceKey).toEqual(['practiceKey is required']);
    const wrongType = expectProblem(
      await stack.api('/api/userpractice/active', { token, body: { practiceKey: 7 } }),
      400,
    );
    expect(Object.keys(wrongType.errors)).toEqual(['practiceKey']);
  });
});

describe('invites', () => {
  it('shows a verified user’s pending invites sorted by practice name', async () => {
    const answer = await stack.api('/api/userpractice/', {
      token: await seededToken(seedAccounts.verified.sub),
    });
    expect((answer.json as { invites: unknown }).invites).toEqual([
      { practiceKey: 'au-bondi', practiceName: 'Bondi Beach Vets' },
      { practiceKey: 'uk-camden', practiceName: 'Camden Town Vets' },
    ]);
  });

  it('refuses an unverified user (403, isSuccess false) and hides their invites', async () => {
    const token = await seededToken(seedAccounts.unverified.sub);
    const listed = await stack.api('/api/userpractice/', { token });
    expect((listed.json as { invites: unknown[] }).invites).toEqual([]);
    const message = expectFailure(
      await stack.api('/api/userpractice/invite', { token, body: { practiceKey: 'au-southbank' } }),
      403,
    );
    expect(message).toMatch(/not been verified/);
  });

  it('rolls back a failure in the middle of accepting (no membership, invite still pending)', async () => {
    const token = await seededToken(seedAccounts.verified.sub);
    const before = stack.repo.countRows('user_practices');
    await stack.api('/__test/faults', { body: { point: 'acceptInvite.afterMembershipInsert' } });
    const answer = await stack.api('/api/userpractice/invite', { token, body: { practiceKey: 'uk-camden' } });
    expectProblem(answer, 500);
    expect(stack.repo.countRows('user_practices')).toBe(before);
    expect(stack.repo.pendingInvites(seedAccounts.verified.email).map((i) => i.practiceKey)).toContain(
      'uk-camden',
    );
  });

  it('accepts an invite: joins, becomes active, publishes invites and practices', async () => {
    const token = await seededToken(seedAccounts.verified.sub);
    messages.length = 0;
    const answer = await stack.api('/api/userpractice/invite', {
      token,
      body: { practiceKey: 'au-bondi', email: seedAccounts.verified.email.toUpperCase() },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      practiceKey: 'au-bondi',
      practiceName: 'Bondi Beach Vets',
      environment: 'au',
      environmentUrl: `${stack.environments.au}/practice/au-bondi`,
    });
    const list = (await stack.api('/api/userpractice/', { token })).json as {
      userPractices: { practiceKey: string }[];
      invites: { practiceKey: string }[];
    };
    expect(list.userPractices.map((p) => p.practiceKey)).toEqual(['au-bondi', 'au-harbourside']);
    expect(list.invites.map((i) => i.practiceKey)).toEqual(['uk-camden']);
    const active = (await stack.api('/api/userpractice/active', { token })).json as {
      activePractice: { practiceKey: string };
    };
    expect(active.activePractice.practiceKey).toBe('au-bondi');
    const types = messages.filter((m) => m.sub === seedAccounts.verified.sub).map((m) => m.message.type);
    expect(types).toEqual(['invites', 'practices']);
  });

  it('refuses an invite sent to another address, and an unknown invite', async () => {
    const token = await seededToken(seedAccounts.verified.sub);
    expectFailure(
      await stack.api('/api/userpractice/invite', {
        token,
        body: { practiceKey: 'uk-camden', email: 'someone.else@example.com' },
      }),
      403,
    );
    expectFailure(
      await stack.api('/api/userpractice/invite', { token, body: { practiceKey: 'uk-dales' } }),
      404,
    );
    const bad = expectProblem(
      await stack.api('/api/userpractice/invite', {
        token,
        body: { practiceKey: 'uk-camden', email: 'nope' },
      }),
      400,
    );
    expect(Object.keys(bad.errors)).toEqual(['email']);
  });
});

describe('invite codes', () => {
  let user: CreatedUser;
  beforeAll(async () => {
    user = await stack.createUser({ email: uniqueEmail('code') });
  });

  it('joins with a case-insensitive code and answers the practice with its environment URL', async () => {
    const answer = await stack.api('/api/userpractice/invite-code', {
      token: user.accessToken,
      body: { inviteCode: ' joinau01 ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      practiceKey: 'au-southbank',
      practiceName: 'Southbank Animal Hospital',
      environment: 'au',
      environmentUrl: `${stack.environments.au}/practice/au-southbank`,
    });
    const uk = await stack.api('/api/userpractice/invite-code', {
      token: user.accessToken,
      body: { inviteCode: 'JOINUK01' },
    });
    expect((uk.json as { environmentUrl: string }).environmentUrl).toBe(
      `${stack.environments.uk}/practice/uk-dales`,
    );
  });

  it('answers isSuccess false for an unknown code, problem details for a missing or mistyped one', async () => {
    const message = expectFailure(
      await stack.api('/api/userpractice/invite-code', {
        token: user.accessToken,
        body: { inviteCode: 'NOPE0000' },
      }),
      404,
    );
    expect(message).toBe('Invalid invite code');
    const missing = expectProblem(
      await stack.api('/api/userpractice/invite-code', { token: user.accessToken, body: {} }),
      400,
    );
    expect(Object.keys(missing.errors)).toEqual(['inviteCode']);
    expectProblem(
      await stack.api('/api/userpractice/invite-code', {
        token: user.accessToken,
        body: { inviteCode: 123 },
      }),
      400,
    );
  });

  it('refuses an unverified user', async () => {
    const unverified = await stack.createUser({
      email: uniqueEmail('code-unverified'),
      emailVerified: false,
    });
    expectFailure(
      await stack.api('/api/userpractice/invite-code', {
        token: unverified.accessToken,
        body: { inviteCode: 'JOINAU01' },
      }),
      403,
    );
  });
});

describe('profile', () => {
  let user: CreatedUser;
  beforeAll(async () => {
    user = await stack.createUser({ email: uniqueEmail('profile') });
  });

  it('has no profile at first (exists false, GET 404 problem)', async () => {
    const exists = await stack.api('/api/profile/exists', { token: user.accessToken });
    expect(exists.json).toEqual({ exists: false });
    expectProblem(await stack.api('/api/profile/', { token: user.accessToken }), 404);
  });

  it('answers validation problems keyed by field with the spec’s messages', async () => {
    const answer = await stack.api('/api/profile/', {
      token: user.accessToken,
      body: { ...validProfile(user.email), firstName: '', dateOfBirth: '1990-02-30', phone: 'abc' },
    });
    const problem = expectProblem(answer, 400);
    expect(problem.errors.firstName).toEqual(['First name is required']);
    expect(problem.errors.dateOfBirth).toEqual(['Date of birth must be a valid date']);
    expect(Object.keys(problem.errors).sort()).toEqual(['dateOfBirth', 'firstName', 'phone']);
    const wrongType = expectProblem(
      await stack.api('/api/profile/', {
        token: user.accessToken,
        body: { ...validProfile(user.email), lastName: 42 },
      }),
      400,
    );
    expect(Object.keys(wrongType.errors)).toEqual(['lastName']);
    const unknown = expectProblem(
      await stack.api('/api/profile/', {
        token: user.accessToken,
        body: { ...validProfile(user.email), admin: true },
      }),
      400,
    );
    expect(unknown.errors).toEqual({ admin: ["'admin' is not a known field."] });
    expect((await stack.api('/api/profile/exists', { token: user.accessToken })).json).toEqual({
      exists: false,
    });
  });

  it('creates the profile with the account’s email and publishes it', async () => {
    messages.length = 0;
    const answer = await stack.api('/api/profile/', {
      token: user.accessToken,
      body: { ...validProfile('typed.in@example.test'), firstName: '  Casey ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ...validProfile(user.email), firstName: 'Casey', verifiedEmail: true });
    expect((await stack.api('/api/profile/exists', { token: user.accessToken })).json).toEqual({
      exists: true,
    });
    expect((await stack.api('/api/profile/', { token: user.accessToken })).json).toMatchObject({
      email: user.email,
    });
    expect(messages).toEqual([
      { sub: user.sub, message: { type: 'profile', payload: { hasProfile: true } } },
    ]);
  });

  it('lists the other providers used with an email', async () => {
    const token = await seededToken(seedAccounts.dualEmail.sub);
    const answer = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.dualEmail.email)}`,
      { token },
    );
    expect(answer.json).toEqual(['google-oauth2']);
    // Only the caller's own address (decision 080).
    const other = await stack.api('/api/profile/alternate-providers?email=nobody%40example.com', { token });
    expect(expectFailure(other, 403)).toMatch(/your own email address/);
    expectProblem(await stack.api('/api/profile/alternate-providers', { token }), 400);
  });

  it('alternate providers: the own address in any letter case, with surrounding spaces', async () => {
    const token = await seededToken(seedAccounts.dualEmail.sub);
    for (const email of [
      seedAccounts.dualEmail.email.toUpperCase(),
      'Liam.Jones@Example.COM',
      `  ${seedAccounts.dualEmail.email}  `,
    ]) {
      const answer = await stack.api(`/api/profile/alternate-providers?email=${encodeURIComponent(email)}`, {
        token,
      });
      expect(answer.status, email).toBe(200);
      expect(answer.json, email).toEqual(['google-oauth2']);
    }
    // The other account with the same address sees this one's provider, also asked in capitals.
    const google = await seededToken(seedAccounts.dualGoogle.sub);
    const fromGoogle = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.dualGoogle.email.toUpperCase())}`,
      { token: google },
    );
    expect(fromGoogle.json).toEqual(['auth0']);
  });

  it('alternate providers: an unverified caller gets [] even for an address other accounts use', async () => {
    // Somebody signs up, unverified, with Liam's address: Liam's sign-in methods stay hidden.
    const squatter = await stack.createUser({
      email: seedAccounts.dualEmail.email,
      connection: 'windowslive',
      emailVerified: false,
    });
    const answer = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.dualEmail.email)}`,
      { token: squatter.accessToken },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([]);
    // In capitals too, and another address is still refused (403), not answered.
    const upper = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.dualEmail.email.toUpperCase())}`,
      { token: squatter.accessToken },
    );
    expect(upper.json).toEqual([]);
    const other = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.verified.email)}`,
      { token: squatter.accessToken },
    );
    expect(expectFailure(other, 403)).toMatch(/your own email address/);
    // Liam, verified, still gets his answer.
    const liam = await stack.api(
      `/api/profile/alternate-providers?email=${encodeURIComponent(seedAccounts.dualEmail.email)}`,
      { token: await seededToken(seedAccounts.dualEmail.sub) },
    );
    expect(liam.json).toEqual(expect.arrayContaining(['google-oauth2']));
  });
});

describe('email verification (the provider verifies; the API trusts only the provider)', () => {
  /** Opens the emailed link like a browser would, without following the redirect. */
  async function openTicket(
    link: string,
  ): Promise<{ status: number; location: string | null; text: string }> {
    const response = await fetch(link, { redirect: 'manual' });
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
    };
  }

  it('the emailed link is the provider’s ticket: it marks the address verified, then sends the browser to the app', async () => {
    const user = await stack.createUser({ email: uniqueEmail('verify'), emailVerified: false });
    const first = (await stack.verificationLink(user.email)) ?? '';
    expect(first).toMatch(new RegExp(`^${stack.idpUrl}/u/email-verification\\?ticket=[^&]+$`));
    const resend = await stack.api('/api/profile/resend-verification-email', {
      method: 'POST',
      token: user.accessToken,
    });
    expect(resend.status).toBe(200);
    expect(await stack.mail(user.email)).toHaveLength(2);

    messages.length = 0;
    const opened = await openTicket(first);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(
      `${stack.appUrl}/auth/verified-email?email=${encodeURIComponent(user.email)}`,
    );
    expect(stack.repo.getUser(user.sub)?.emailVerified).toBe(true);
    expect(messages.map((m) => m.message.type)).toEqual(['email', 'invites']);
    expect(messages[0]?.message).toEqual({ type: 'email', payload: { address: user.email, verified: true } });

    // The app's call afterwards records what the provider knows: signed in, or not.
    const signedIn = await stack.api('/api/profile/verify-email', {
      token: user.accessToken,
      body: { email: user.email },
    });
    expect(signedIn.json).toEqual({ isSuccess: true, data: { address: user.email, verified: true } });
    const anonymous = await stack.api('/api/profile/verify-email', { body: { email: user.email } });
    expect(anonymous.json).toEqual({ isSuccess: true, data: { address: user.email, verified: true } });

    // A second click goes on to the app; a forged ticket is refused by the provider.
    expect((await openTicket(first)).location).toContain('/auth/verified-email?email=');
    const forged = await openTicket(`${stack.idpUrl}/u/email-verification?ticket=forged`);
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('Verification link not valid');

    const again = expectFailure(
      await stack.api('/api/profile/resend-verification-email', { method: 'POST', token: user.accessToken }),
      400,
    );
    expect(again).toMatch(/already verified/);
  });

  it('POST verify-email never verifies by itself: not with the address, a link token in the body, or the signed-in user’s own token', async () => {
    const user = await stack.createUser({ email: uniqueEmail('forge'), emailVerified: false });
    const ticket = new URL((await stack.verificationLink(user.email)) ?? '').searchParams.get('ticket');
    expect(ticket).toBeTruthy();
    const notVerified = 'This email address has not been verified.';
    expect(
      expectFailure(await stack.api('/api/profile/verify-email', { body: { email: user.email } }), 400),
    ).toBe(notVerified);
    expect(
      expectFailure(
        await stack.api('/api/profile/verify-email', { body: { email: user.email, token: ticket } }),
        400,
      ),
    ).toBe(notVerified);
    expect(
      expectFailure(
        await stack.api('/api/profile/verify-email', {
          token: user.accessToken,
          body: { email: user.email },
        }),
        400,
      ),
    ).toBe(notVerified);
    expectFailure(
      await stack.api('/api/profile/verify-email', {
        token: user.accessToken,
        body: { email: 'other.person@example.test' },
      }),
      400,
    );
    expect(stack.repo.getUser(user.sub)?.emailVerified).toBe(false);
    // An invite waiting for this address stays out of reach.
    const accepted = await stack.api('/api/userpractice/invite-code', {
      token: user.accessToken,
      body: { inviteCode: 'JOINAU01' },
    });
    expect(accepted.status).toBe(403);
  });

  it('answers an unknown address like an unverified one, and refuses bad input', async () => {
    expect(
      expectFailure(
        await stack.api('/api/profile/verify-email', { body: { email: 'nobody.at.all@example.test' } }),
        400,
      ),
    ).toBe('This email address has not been verified.');
    const invalid = expectProblem(
      await stack.api('/api/profile/verify-email', { body: { email: 'not-an-email' } }),
      400,
    );
    expect(Object.keys(invalid.errors)).toEqual(['email']);
  });
});

describe('onboarding: companion pin and devices', () => {
  it('verifies a known pin and refuses an unknown one with isSuccess false', async () => {
    const ok = await stack.api('/api/onboarding/verify-pin', { body: { pin: '1234' } });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ isSuccess: true, data: { pin: '1234' } });
    expect(expectFailure(await stack.api('/api/onboarding/verify-pin', { body: { pin: '9999' } }), 400)).toBe(
      'Invalid pin',
    );
  });

  it.each([[{ pin: '12a' }], [{ pin: 1234 }], [{ pin: '12345' }], [{}]])(
    'refuses %j with problem details on pin',
    async (body) => {
      const problem = expectProblem(await stack.api('/api/onboarding/verify-pin', { body }), 400);
      expect(Object.keys(problem.errors)).toEqual(['pin']);
    },
  );

  it('fetches the devices of a pin', async () => {
    const two = await stack.api('/api/onboarding/fetch-devices', { body: { pin: '1234' } });
    expect(two.json).toEqual([
      { deviceKey: 'dev-scanner-1234', name: 'Microchip scanner', type: 'scanner' },
      { deviceKey: 'dev-hub-1234', name: 'Reception hub', type: 'hub' },
    ]);
    const one = await stack.api('/api/onboarding/fetch-devices', { body: { pin: '5678' } });
    expect(one.json).toEqual([{ deviceKey: 'dev-hub-5678', name: 'Surgery hub', type: 'hub' }]);
    expectFailure(await stack.api('/api/onboarding/fetch-devices', { body: { pin: '0000' } }), 400);
  });
});

describe('register practice', () => {
  let user: CreatedUser;
  beforeAll(async () => {
    user = await stack.createUser({ email: uniqueEmail('register') });
  });
  const register = (body: unknown, token = user.accessToken) =>
    stack.api('/api/onboarding/register-practice', { token, body });

  it('refuses an unverified user with the real API’s prefix', async () => {
    const unverified = await stack.createUser({
      email: uniqueEmail('register-unverified'),
      emailVerified: false,
    });
    const message = expectFailure(
      await register(registration('au', unverified.email), unverified.accessToken),
      403,
    );
    expect(message.startsWith('Api, Request failed, ')).toBe(true);
  });

  it('answers every invalid field by its payload path', async () => {
    const body = registration('au', user.email);
    body.practice.businessName = 'ab';
    body.practice.address.postcode = '12';
    body.profile.firstName = '';
    const problem = expectProblem(await register(body), 400);
    expect(problem.errors).toEqual({
      'practice.businessName': ['Business name must be at least 3 characters'],
      'practice.address.postcode': ['Postcode must be 4 digits'],
      'profile.firstName': ['First name is required'],
    });
    const empty = expectProblem(await register({}), 400);
    expect(Object.keys(empty.errors)).toEqual(
      expect.arrayContaining([
        'environment',
        'terms',
        'practice.businessName',
        'practice.address.city',
        'profile.phone',
      ]),
    );
  });

  it('refuses wrong types and unknown fields', async () => {
    const wrong = { ...registration('au', user.email), terms: 'yes' } as unknown as Record<string, unknown>;
    (wrong.practice as Record<string, unknown>).veterinaryType = '1';
    const problem = expectProblem(await register(wrong), 400);
    expect(Object.keys(problem.errors).sort()).toEqual(['practice.veterinaryType', 'terms']);
    const extra = registration('au', user.email) as unknown as { practice: Record<string, unknown> };
    extra.practice.colour = 'blue';
    expect(expectProblem(await register(extra), 400).errors).toEqual({
      'practice.colour': ["'practice.colour' is not a known field."],
    });
    expectProblem(await register([registration('au', user.email)]), 400);
    const ukWithAuRules = registration('uk', user.email);
    ukWithAuRules.practice.businessNumber = '51 824 753 556';
    expect(Object.keys(expectProblem(await register(ukWithAuRules), 400).errors)).toEqual([
      'practice.businessNumber',
    ]);
  });

  it('registers, then activates the practice into the user’s list after the delay, with a practices message', async () => {
    messages.length = 0;
    const body = registration('au', user.email);
    const answer = await register(body);
    expect(answer.status).toBe(201);
    const { isSuccess, data: practiceKey } = answer.json as { isSuccess: boolean; data: string };
    expect(isSuccess).toBe(true);
    expect(practiceKey).toMatch(/^au-[0-9a-f]{10}$/);
    const before = (await stack.api('/api/userpractice/', { token: user.accessToken })).json as {
      userPractices: unknown[];
    };
    expect(before.userPractices).toEqual([]);
    const message = await eventually(() =>
      messages.find((m) => m.sub === user.sub && m.message.type === 'practices'),
    );
    expect(message.message.payload).toEqual([
      {
        practiceKey,
        practiceName: body.practice.name,
        environment: 'au',
        environmentUrl: `${stack.environments.au}/practice/${practiceKey}`,
      },
    ]);
    const active = (await stack.api('/api/userpractice/active', { token: user.accessToken })).json as {
      activePractice: { practiceKey: string };
    };
    expect(active.activePractice.practiceKey).toBe(practiceKey);
    expect((await stack.api('/api/profile/exists', { token: user.accessToken })).json).toEqual({
      exists: true,
    });
  });

  it('is idempotent: the same registration twice gives the same practice, never two', async () => {
    const other = await stack.createUser({ email: uniqueEmail('register-twice') });
    const body = registration('uk', other.email);
    const first = await register(body, other.accessToken);
    const count = stack.repo.countRows('practices');
    const second = await register(body, other.accessToken);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((second.json as { data: string }).data).toBe((first.json as { data: string }).data);
    expect(stack.repo.countRows('practices')).toBe(count);
    const again = registration('au', other.email);
    const beforeConcurrent = stack.repo.countRows('practices');
    const concurrent = await Promise.all([1, 2, 3].map(() => register(again, other.accessToken)));
    expect(concurrent.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(concurrent.map((a) => (a.json as { data: string }).data)).size).toBe(1);
    expect(stack.repo.countRows('practices')).toBe(beforeConcurrent + 1);
  });

  it('refuses a business number another user registered (isSuccess false, prefixed)', async () => {
    const first = await stack.createUser({ email: uniqueEmail('owner') });
    const second = await stack.createUser({ email: uniqueEmail('copycat') });
    const body = registration('au', first.email);
    expect((await register(body, first.accessToken)).status).toBe(201);
    const message = expectFailure(
      await register({ ...body, profile: { ...body.profile, email: second.email } }, second.accessToken),
      409,
    );
    expect(message).toBe('Api, Request failed, A practice with this business number already exists.');
  });

  it('registers from a directory practice once; an existing account is refused', async () => {
    const body = registration('au', user.email);
    body.options.registeredFromDirectoryPracticeKey = 'dir-harbourside';
    const message = expectFailure(await register(body), 409);
    expect(message).toBe('Api, Request failed, An account already exists for Harbourside Veterinary Clinic.');
    const plain = registration('au', user.email);
    plain.options.registeredFromDirectoryPracticeKey = 'dir-paws-claws';
    const answer = await register(plain);
    expect(answer.status).toBe(201);
    const directory = await stack.api('/api/sharedDirectoryPractice/dir-paws-claws');
    expect((directory.json as { practiceKey: string }).practiceKey).toBe(
      (answer.json as { data: string }).data,
    );
  });

  it('writes nothing when the registration fails midway (transaction rolled back)', async () => {
    const fresh = await stack.createUser({ email: uniqueEmail('rollback') });
    const counts = () => ({
      practices: stack.repo.countRows('practices'),
      profiles: stack.repo.countRows('profiles'),
    });
    const before = counts();
    const armed = await stack.api('/__test/faults', {
      body: { point: 'registerPractice.afterPracticeInsert' },
    });
    expect(armed.status).toBe(200);
    const body = registration('au', fresh.email);
    body.options.registeredFromDirectoryPracticeKey = 'dir-thames-side';
    body.environment = 'uk';
    body.practice = registration('uk', fresh.email).practice;
    const failed = await register(body, fresh.accessToken);
    expectProblem(failed, 500);
    expect(counts()).toEqual(before);
    expect(stack.repo.directoryPractice('dir-thames-side')?.practiceKey).toBeNull();
    expect(stack.repo.getProfile(fresh.sub)).toBeNull();
    const retried = await register(body, fresh.accessToken);
    expect(retried.status).toBe(201);
    expect(counts()).toEqual({ practices: before.practices + 1, profiles: before.profiles + 1 });
  });
});

describe('request bodies and routing', () => {
  it('answers 400 problem details for bad JSON, a non-JSON type, an oversized body and a non-object body', async () => {
    const token = await seededToken(seedAccounts.verified.sub);
    const path = '/api/onboarding/verify-pin';
    const badJson = expectProblem(
      await stack.api(path, { rawBody: '{"pin": "12', headers: { 'Content-Type': 'application/json' } }),
      400,
    );
    expect(badJson.detail).toMatch(/not valid JSON/);
    const plain = expectProblem(
      await stack.api(path, { rawBody: 'pin=1234', headers: { 'Content-Type': 'text/plain' } }),
      400,
    );
    expect(plain.detail).toMatch(/must be JSON/);
    const huge = expectProblem(
      await stack.api('/api/onboarding/register-practice', {
        token,
        rawBody: JSON.stringify({ filler: 'x'.repeat(70 * 1024) }),
        headers: { 'Content-Type': 'application/json' },
      }),
      413,
    );
    expect(huge.title).toBe('Request body too large');
    expect(expectProblem(await stack.api(path, { body: 'just a string' }), 400).errors).toEqual({
      '': ['The request body must be a JSON object.'],
    });
    expect(expectProblem(await stack.api(path, { body: null }), 400).errors).toEqual({
      '': ['The request body must be a JSON object.'],
    });
  });

  it('answers 404 for an unknown endpoint and 405 for a wrong method', async () => {
    expectProblem(await stack.api('/api/nothing-here'), 404);
    const wrong = await stack.api('/api/onboarding/verify-pin');
    expectProblem(wrong, 405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('keeps test hooks behind the testHooks option', async () => {
    const hooks = await stack.api('/__test/faults', { body: { point: 'nope' } });
    expect(hooks.status).toBe(400);
  });
});
