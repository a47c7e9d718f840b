import { startStack } from './stack';

/**
 * `npm start` (= `vite build && tsx server/main.ts`): the local stack serving dist/.
 * `npm run dev` (= `tsx server/main.ts --dev`): the same stack with Vite in middleware mode (HMR).
 * Options: --dev, --test-hooks, --refresh-tokens, --localstorage, --data <dir>.
 * Environment: PORT (app port, default 4000), HOST (default localhost).
 * Ctrl-C (SIGINT) or SIGTERM stops everything.
 */
const args = new Set(process.argv.slice(2));
const dataIndex = process.argv.indexOf('--data');
const started = Date.now();

const stack = await startStack({
  host: process.env.HOST || undefined,
  dev: args.has('--dev'),
  testHooks: args.has('--test-hooks') || process.env.STACK_TEST_HOOKS === '1',
  useRefreshTokens: args.has('--refresh-tokens'),
  cacheLocation: args.has('--localstorage') ? 'localstorage' : 'memory',
  dataDir: dataIndex > 0 ? process.argv[dataIndex + 1] : undefined,
});
console.log(`Local stack up in ${Date.now() - started} ms. Ctrl-C to stop.`);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack...`);
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  stack
    .stop()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
