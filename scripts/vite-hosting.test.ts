import { describe, expect, it } from 'vitest';
import {
  createHostingPolicy,
  forwardedHeaders,
  hostingDirOf,
  isAssetPath,
  isPrivatePath,
  matchPublicOrigin,
  normalisedPath,
  parsePublicOrigins,
  toNginx,
} from '../deploy/hosting-policy';

/** The pure parts of the hosting policy the build writes and the servers apply (deploy/hosting-policy.ts). */

const policy = createHostingPolicy();

describe('private paths under any spelling', () => {
  it('normalises as a file server could read the path', () => {
    expect(normalisedPath('/%68osting.json')).toBe('/hosting.json');
    expect(normalisedPath('/hosting%252ejson')).toBe('/hosting.json');
    expect(normalisedPath('/assets/../HOSTING.JSON/')).toBe('/hosting.json');
    expect(normalisedPath('/assets\\..\\hosting\\nginx.conf')).toBe('/hosting/nginx.conf');
    expect(normalisedPath('//./hosting.json?x=1')).toBe('/hosting.json');
    expect(normalisedPath('/hosting.json%00')).toBeNull();
    expect(normalisedPath('/100%')).toBeNull();
  });

  it('refuses every private name, and a path that cannot be read', () => {
    for (const path of [
      '/hosting.json/',
      '/%68osting.json',
      '/hosting%2ejson',
      '/Hosting/x',
      '/hosting',
      '/x%zz',
    ])
      expect(isPrivatePath(policy, path), path).toBe(true);
    for (const path of ['/', '/onboarding', '/hostings', '/assets/hosting.json.js'])
      expect(isPrivatePath(policy, path), path).toBe(false);
  });

  it('knows an asset path under any spelling', () => {
    for (const path of ['/assets', '/assets/', '/%61ssets/app', '/ASSETS/x/y', '/x/../assets/a.js'])
      expect(isAssetPath(path), path).toBe(true);
    expect(isAssetPath('/onboarding')).toBe(false);
  });

  it('keeps the host files beside the web root', () => {
    expect(hostingDirOf('/srv/app/dist/')).toBe('/srv/app/dist-hosting');
  });
});

describe('the Host policy', () => {
  const origins = parsePublicOrigins('https://app.example.com, http://localhost:8080');

  it('reads one or more origins, refuses anything else', () => {
    expect(origins.map((o) => [o.host, o.port, o.secure])).toEqual([
      ['app.example.com', '443', true],
      ['localhost:8080', '8080', false],
    ]);
    expect(() => parsePublicOrigins('')).toThrow(/no origin/);
    expect(() => parsePublicOrigins('app.example.com')).toThrow(/absolute URL/);
    expect(() => parsePublicOrigins('https://app.example.com/app')).toThrow(/origin/);
  });

  it('matches a configured host only', () => {
    expect(matchPublicOrigin(origins, 'APP.example.com')?.origin).toBe('https://app.example.com');
    expect(matchPublicOrigin(origins, 'app.example.com:443')?.origin).toBe('https://app.example.com');
    expect(matchPublicOrigin(origins, 'localhost:8080')?.origin).toBe('http://localhost:8080');
    for (const forged of [
      'evil.example',
      'app.example.com.evil.example',
      'localhost',
      'x; script-src *',
      undefined,
    ])
      expect(matchPublicOrigin(origins, forged), String(forged)).toBeNull();
  });

  it('forwards the configured origin and the peer; keeps a trusted chain only', () => {
    const [app] = origins;
    if (!app) throw new Error('no origin');
    expect(forwardedHeaders(app, '10.0.0.9', '6.6.6.6', false)).toEqual({
      'x-forwarded-for': '10.0.0.9',
      'x-forwarded-host': 'app.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
    });
    expect(forwardedHeaders(app, '10.0.0.9', '6.6.6.6', true)['x-forwarded-for']).toBe('6.6.6.6, 10.0.0.9');
  });
});

describe('the nginx include', () => {
  const conf = toNginx(policy);

  it('names the configured host in the policy, never the request’s', () => {
    expect(conf).toContain('wss://$public_host');
    expect(conf).not.toContain('$http_host;');
    expect(conf).toContain('if ($http_host != $public_host)');
    expect(conf).toContain('proxy_set_header Host $proxy_host;');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  it('serves the precompressed files, keeps the hub out of the access log, headers on errors', () => {
    expect(conf).toContain('gzip_static on;');
    expect(conf.match(/access_log off;/g)).toHaveLength(2);
    expect(conf).toMatch(/location @missing \{[^}]*add_header Content-Security-Policy "[^"]+" always;/);
    const security = conf
      .split('\n')
      .filter((line) =>
        /add_header (Content-Security-Policy|X-Frame-Options|Strict-Transport-Security)/.test(line),
      );
    expect(security.length).toBeGreaterThan(20);
    for (const line of security) expect(line.trim(), line).toMatch(/ always;$/);
  });
});
