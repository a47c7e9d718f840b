import { startStack } from './stack';

/**
 * `npm start` (= `vite build && tsx server/main.ts`): the local stack serving dist/ on the app origin.
 * `npm run dev` (= `tsx server/main.ts --dev`): the same stack, plus Vite's dev server (HMR) on
 * VITE_PORT (default 5173) proxying /api, /sockets (ws) and /meta.json to the stack (vite.config.ts
 * reads STACK_URL, set here). The Vite origin is registered with the IdP as an extra app origin.
 * Options: --dev, --test-hooks, --refresh-tokens, --localstorage, --data <dir>.
 * Environment: PORT (app, default 4000), IDP_PORT (4001), MAILBOX_PORT (4002), AU_PORT (4003),
 * UK_PORT (4004), HOST (default localhost), VITE_PORT (5173).
 * Ctrl-C (SIGINT) or SIGTERM stops everything.
 */
const args = new Set(process.argv.slice(2));
const dataIndex = process.argv.indexOf('--data');
const started = Date.now();
const host = process.env.HOST || 'localhost';
const dev = args.has('--dev');
const vitePort = Number(process.env.VITE_PORT || 5173);

const envPort = (name: string): number | undefined => {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
};

const stack = await startStack({
  host,
  idpPort: envPort('IDP_PORT'),
  mailboxPort: envPort('MAILBOX_PORT'),
  auPort: envPort('AU_PORT'),
  ukPort: envPort('UK_PORT'),
  testHooks: args.has('--test-hooks') || process.env.STACK_TEST_HOOKS === '1',
  useRefreshTokens: args.has('--refresh-tokens'),
  cacheLocation: args.has('--localstorage') ? 'localstorage' : 'memory',
  dataDir: dataIndex > 0 ? process.argv[dataIndex + 1] : undefined,
  extraAppOrigins: dev ? [`http://${host}:${vitePort}`] : [],
});

let vite: import('vite').ViteDevServer | null = null;
if (dev) {
  process.env.STACK_URL = stack.appUrl;
  const { createServer } = await import('vite');
  vite = await createServer({ server: { host, port: vitePort, strictPort: true } });
  await vite.listen();
  console.log(
    `Dev app      http://${host}:${vitePort}  (Vite + HMR, proxying /api and /sockets to ${stack.appUrl})`,
  );
}
console.log(`Local stack up in ${Date.now() - started} ms. Ctrl-C to stop.`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack...`);
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  Promise.resolve(vite?.close())
    .then(() => stack.stop())
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
