import type { Stack } from './stack';

/**
 * `npm start` (= `node --import tsx server/main.ts --build`): builds dist/ when any build input
 * changed (scripts/ensure-build.ts), then the local stack serving dist/ on the app origin.
 * `npm run dev` (= `node --import tsx server/main.ts --dev`): the same stack, plus Vite's dev
 * server (HMR) on VITE_PORT (default 5173) proxying /api, /sockets (ws) and /meta.json to the stack
 * (vite.config.ts reads STACK_URL, set here). The Vite origin is registered with the IdP as an
 * extra app origin.
 * Options: --build, --dev, --test-hooks, --refresh-tokens, --localstorage, --data <dir>.
 * Environment: PORT (app, default 4000), IDP_PORT (4001), MAILBOX_PORT (4002), AU_PORT (4003),
 * UK_PORT (4004), HOST (default localhost), VITE_PORT (5173).
 * One process (no shell, no tsx launcher in between): SIGINT (Ctrl-C) or SIGTERM, at any moment
 * (during the build, the start or after), stops the build, Vite and every server, and exits once
 * every port is closed (docs/decisions/012-local-stack.md).
 */
const args = new Set(process.argv.slice(2));
const dataIndex = process.argv.indexOf('--data');
const started = Date.now();
const host = process.env.HOST || 'localhost';
const dev = args.has('--dev');

/** Each port the stack listens on, with the variable that moves it. */
const portVariables = [
  ['PORT', 4000],
  ['IDP_PORT', 4001],
  ['MAILBOX_PORT', 4002],
  ['AU_PORT', 4003],
  ['UK_PORT', 4004],
  ['VITE_PORT', 5173],
] as const;
type PortVariable = (typeof portVariables)[number][0];

function portOf(name: PortVariable): number {
  const fallback = portVariables.find(([variable]) => variable === name)?.[1] ?? 0;
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    console.error(`${name}=${value} is not a port number (0-65535).`);
    process.exit(1);
  }
  return Number(value);
}

const ports = Object.fromEntries(portVariables.map(([name]) => [name, portOf(name)])) as Record<
  PortVariable,
  number
>;

/** A port already taken: name the variable that moves it, no stack trace. */
function explainStartFailure(error: unknown): string | null {
  let code = (error as NodeJS.ErrnoException | null)?.code;
  let port = (error as { port?: number } | null)?.port;
  // Vite's own wording for its port (strictPort).
  const vitePort = /^Port (\d+) is already in use/.exec(error instanceof Error ? error.message : '');
  if (vitePort) {
    code = 'EADDRINUSE';
    port = Number(vitePort[1]);
  }
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return null;
  const names = portVariables.filter(([name]) => ports[name] === port).map(([name]) => name);
  const variable = names.length > 0 ? names.join(' / ') : 'the port variables (PORT, IDP_PORT, …)';
  return code === 'EADDRINUSE'
    ? `Port ${port} on ${host} is already in use. Stop what is using it, or choose another port with ${variable} (e.g. ${names[0] ?? 'PORT'}=${(port ?? 4000) + 100} npm start).`
    : `Port ${port} on ${host} cannot be opened (permission denied). Choose another port with ${variable}.`;
}

let stack: Stack | null = null;
let vite: import('vite').ViteDevServer | null = null;
let stopping = false;

async function stopAll(): Promise<void> {
  await vite?.close();
  await stack?.stop();
}

const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack...`);
  const force = setTimeout(() => {
    console.error('The stack did not stop within 5 s; exiting.');
    process.exit(1);
  }, 5000);
  force.unref();
  stopAll()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

try {
  if (args.has('--build') && !dev) {
    const { ensureBuild } = await import('../scripts/ensure-build');
    await ensureBuild();
  }
  if (stopping) process.exit(0);
  const { startStack } = await import('./stack');
  stack = await startStack({
    host,
    appPort: ports.PORT,
    idpPort: ports.IDP_PORT,
    mailboxPort: ports.MAILBOX_PORT,
    auPort: ports.AU_PORT,
    ukPort: ports.UK_PORT,
    testHooks: args.has('--test-hooks') || process.env.STACK_TEST_HOOKS === '1',
    useRefreshTokens: args.has('--refresh-tokens'),
    cacheLocation: args.has('--localstorage') ? 'localstorage' : 'memory',
    dataDir: dataIndex > 0 ? process.argv[dataIndex + 1] : undefined,
    extraAppOrigins: dev ? [`http://${host}:${ports.VITE_PORT}`] : [],
  });
  if (stopping) {
    await stopAll();
    process.exit(0);
  }
  if (dev) {
    process.env.STACK_URL = stack.appUrl;
    const { createServer } = await import('vite');
    vite = await createServer({ server: { host, port: ports.VITE_PORT, strictPort: true } });
    await vite.listen();
    console.log(
      `Dev app      http://${host}:${ports.VITE_PORT}  (Vite + HMR, proxying /api and /sockets to ${stack.appUrl})`,
    );
  }
  console.log(`Local stack up in ${Date.now() - started} ms. Ctrl-C to stop.`);
} catch (error) {
  const explained = explainStartFailure(error);
  console.error(explained ?? error);
  // Whatever had started is stopped here, so no port stays taken by a half-started stack.
  await stopAll().catch(() => undefined);
  process.exit(1);
}
