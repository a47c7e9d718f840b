import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  createHostingPolicy,
  HOSTING_FILE,
  type HostingPolicy,
  hashesFromCspJson,
  toHeadersFile,
  toNginx,
  toRedirectsFile,
} from '../deploy/hosting-policy';
import { type DeploymentSettings, readDeploymentSettings } from '../deploy/settings';
import { createManifest, inputFilesOf, sha256Hex, writeManifest } from './vite-hosting-inputs';

/**
 * Build step: the hosting rules and security policy of this build, and the list of its inputs
 * (docs/decisions/115-hosting-policy-artifact.md, 012-local-stack.md).
 *
 * After every other step has written dist/ (the prerender writes `csp.json` with the hashes of its
 * inline content), writes:
 * - `dist/hosting.json`: the policy (deploy/hosting-policy.ts) with every hash list of `csp.json`
 *   merged in; the local stack and the production server (deploy/server.ts) answer from it;
 * - `dist/_headers` and `dist/_redirects` (Netlify, Cloudflare Pages), `dist/hosting/nginx.conf`:
 *   the same rules in the forms those hosts read;
 * - `dist/build-inputs.json`: every repository file the build loaded, hashed, for
 *   scripts/ensure-build.ts. The prerender renders through a Vite server of this same config in
 *   this process: the files that server loads are recorded too (`recorder`).
 */

/** Shared by the build and the prerender's server in the same process (two config instances). */
const registry = Symbol.for('practice-onboarding:build-inputs');
interface Registry {
  building: boolean;
  ids: Set<string>;
}
function inputRegistry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[registry] ??= { building: false, ids: new Set() };
  return holder[registry];
}

/** A digest of the settings a build is made with (ensure-build compares it). */
export function settingsDigest(settings: DeploymentSettings): string {
  return sha256Hex(JSON.stringify(settings));
}

/**
 * Writes the hosting policy of the build in `outDir` (its `csp.json` hashes merged in) and the
 * host files made from it. Returns the policy written.
 */
export function writeHostingFiles(
  outDir: string,
  settings: Pick<DeploymentSettings, 'idpOrigin'>,
): HostingPolicy {
  const cspFile = join(outDir, 'csp.json');
  const hashes = existsSync(cspFile) ? hashesFromCspJson(JSON.parse(readFileSync(cspFile, 'utf8'))) : {};
  const policy = createHostingPolicy(hashes);
  writeFileSync(join(outDir, HOSTING_FILE), `${JSON.stringify(policy, null, 2)}\n`);
  writeFileSync(join(outDir, '_headers'), toHeadersFile(policy, settings.idpOrigin));
  writeFileSync(join(outDir, '_redirects'), toRedirectsFile(policy));
  mkdirSync(join(outDir, 'hosting'), { recursive: true });
  writeFileSync(join(outDir, 'hosting/nginx.conf'), toNginx(policy));
  return policy;
}

export function hostingPlugin(): Plugin[] {
  let config: ResolvedConfig | null = null;
  const clientIds = new Set<string>();

  /** Every module any server of this config loads while a build runs (the prerender's). */
  const recorder: Plugin = {
    name: 'practice-onboarding:build-inputs-recorder',
    enforce: 'pre',
    load(id) {
      const state = inputRegistry();
      if (state.building) state.ids.add(id);
      return null;
    },
  };

  const writer: Plugin = {
    name: 'practice-onboarding:hosting',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      const state = inputRegistry();
      state.building = true;
      state.ids.clear();
      clientIds.clear();
    },
    generateBundle() {
      for (const id of this.getModuleIds()) clientIds.add(id);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const state = inputRegistry();
        state.building = false;
        if (!config || config.build.ssr) return;
        const root = config.root;
        const outDir = resolve(root, config.build.outDir);
        if (!existsSync(join(outDir, 'index.html'))) return;

        const settings = readDeploymentSettings();
        writeHostingFiles(outDir, settings);

        const files = inputFilesOf(root, [
          ...clientIds,
          ...state.ids,
          ...config.configFileDependencies,
          ...(config.configFile ? [config.configFile] : []),
          join(root, 'package.json'),
          join(root, 'package-lock.json'),
        ]);
        state.ids.clear();
        writeManifest(outDir, createManifest(root, files, settingsDigest(settings)));
      },
    },
  };
  return [recorder, writer];
}
