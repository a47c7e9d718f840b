import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  createHostingPolicy,
  HOSTING_FILE,
  type HostingPolicy,
  hashesFromCspJson,
  hostingDirOf,
  toNginx,
} from '../deploy/hosting-policy';
import { type DeploymentSettings, readDeploymentSettings } from '../deploy/settings';
import { createManifest, inputFilesOf, sha256Hex, writeManifest } from './vite-hosting-inputs';

/**
 * Build step: the hosting rules and security policy of this build, and the list of its inputs
 * (docs/decisions/115-hosting-policy-artifact.md, 012-local-stack.md).
 *
 * After every other step has written dist/ (the prerender writes `dist-hosting/csp.json` with the
 * hashes of its inline content), writes into `dist-hosting/`, beside the web root and never in it:
 * - `hosting.json`: the policy (deploy/hosting-policy.ts) with every hash list of `csp.json`
 *   merged in; the local stack and the production server (deploy/server.ts) answer from it;
 * - `nginx.conf`: the same rules as an nginx include. No files for Netlify or Cloudflare Pages:
 *   neither can carry the hub on the app's origin (README, "Deploying");
 * - `build-inputs.json`: every repository file the build loaded, hashed, for
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
 * Writes the hosting policy of the build in `outDir` (the hashes of its `csp.json` merged in) and
 * the nginx include into the hosting folder beside it (`hostingDirOf`). A `csp.json` found in the
 * web root (a hand-made dist/) is moved out first: nothing for the host stays where it is served.
 * Returns the policy written.
 */
export function writeHostingFiles(outDir: string): HostingPolicy {
  const hostingDir = hostingDirOf(outDir);
  mkdirSync(hostingDir, { recursive: true });
  const cspFile = join(hostingDir, 'csp.json');
  if (existsSync(join(outDir, 'csp.json'))) renameSync(join(outDir, 'csp.json'), cspFile);
  const hashes = existsSync(cspFile) ? hashesFromCspJson(JSON.parse(readFileSync(cspFile, 'utf8'))) : {};
  const policy = createHostingPolicy(hashes);
  writeFileSync(join(hostingDir, HOSTING_FILE), `${JSON.stringify(policy, null, 2)}\n`);
  writeFileSync(join(hostingDir, 'nginx.conf'), toNginx(policy));
  // The files of the earlier layout, if a build from before is being replaced in place.
  for (const stale of ['hosting.json', '_headers', '_redirects', 'build-inputs.json', 'hosting'])
    rmSync(join(outDir, stale), { recursive: true, force: true });
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
        writeHostingFiles(outDir);

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
