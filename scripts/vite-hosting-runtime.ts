import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { HOSTING_FILE, hostingDirOf } from '../deploy/hosting-policy';
import { addToManifest, inputFilesOf, RUNTIME_DIR, RUNTIME_ENTRY } from './vite-hosting-inputs';

/**
 * Build step, last: the runtime folder (`build/runtime/`), what a container or a host needs to
 * run the production server with plain `node` and nothing else:
 *
 *   build/runtime/server.mjs             deploy/server.ts compiled, its packages (sirv, httpxy,
 *                                        compression) bundled in: no node_modules, tsx, Vite or
 *                                        TypeScript at run time
 *   build/runtime/dist/                  the built app (the web root), precompressed files included
 *   build/runtime/dist-hosting/hosting.json   the policy the server answers by (nothing else of
 *                                        the host files: the server reads only this)
 *   build/runtime/package.json           `npm start` = `node server.mjs`; no dependencies
 *
 * Run it from that folder (`cd build/runtime && node server.mjs`, settings in the environment;
 * deploy/Dockerfile copies it). Compiled by Vite's own bundler; its source files join the build's
 * inputs (`build-inputs.json`), so a change to the server rebuilds.
 */

export { RUNTIME_DIR, RUNTIME_ENTRY };

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Compiles the production server into `outDir/server.mjs`; returns the source files it holds. */
export async function compileServer(root: string, outDir: string): Promise<string[]> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: join(root, 'deploy/server.ts'),
      outDir,
      emptyOutDir: false,
      target: 'node22',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        external: (id: string) => nodeBuiltins.has(id),
        output: { format: 'es', entryFileNames: RUNTIME_ENTRY, codeSplitting: false },
      },
    },
    // Every package bundled in: the runtime folder has no node_modules.
    ssr: { noExternal: true, target: 'node' },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((o) => o.output.flatMap((item) => (item.type === 'chunk' ? item.moduleIds : [])));
}

/** Writes the runtime folder of the build in `distDir` into `runtimeDir`. */
export async function writeRuntime(root: string, distDir: string, runtimeDir: string): Promise<string[]> {
  rmSync(runtimeDir, { recursive: true, force: true });
  mkdirSync(runtimeDir, { recursive: true });
  const modules = await compileServer(root, runtimeDir);
  cpSync(distDir, join(runtimeDir, 'dist'), { recursive: true });
  mkdirSync(join(runtimeDir, 'dist-hosting'));
  cpSync(join(hostingDirOf(distDir), HOSTING_FILE), join(runtimeDir, 'dist-hosting', HOSTING_FILE));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    engines?: Record<string, string>;
  };
  writeFileSync(
    join(runtimeDir, 'package.json'),
    `${JSON.stringify(
      {
        name: `${pkg.name}-runtime`,
        version: pkg.version,
        private: true,
        type: 'module',
        engines: pkg.engines,
        scripts: { start: `node ${RUNTIME_ENTRY}` },
      },
      null,
      2,
    )}\n`,
  );
  return modules;
}

export function runtimePlugin(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'practice-onboarding:runtime',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      // After the hosting files and the precompressed files are written.
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        const root = config.root;
        const outDir = resolve(root, config.build.outDir);
        if (!existsSync(join(outDir, 'index.html'))) return;
        const modules = await writeRuntime(root, outDir, join(root, RUNTIME_DIR));
        addToManifest(root, outDir, inputFilesOf(root, modules));
      },
    },
  };
}
