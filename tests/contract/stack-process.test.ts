import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The local stack as a process manager or a container stop treats it
 * (docs/decisions/012-local-stack.md): `npm start` on ports chosen through the
 * environment, stopped by SIGTERM or SIGINT, frees every port; a taken port is named by its
 * variable, without a stack trace. Needs the build in dist/ to be up to date (`npm start` would
 * otherwise build first, which the timeout allows).
 */

const root = join(import.meta.dirname, '../..');
const variables = ['PORT', 'IDP_PORT', 'MAILBOX_PORT', 'AU_PORT', 'UK_PORT'] as const;
const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Free ports, held until the stack is about to start (then released at once). */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    servers.push(server);
    ports.push((server.address() as { port: number }).port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Whether something listens on the port (a connection is accepted). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, 'localhost');
  });
}

/** Whether the port can be bound again (nothing holds it). */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, 'localhost', () => server.close(() => resolve(true)));
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

async function waitFor(predicate: () => boolean, ms: number, what: () => string): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stack-process-'));
  dataDirs.push(dir);
  return dir;
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops every child and frees every port on %s',
    async (signal) => {
      const ports = await freePorts(variables.length);
      const env = Object.fromEntries(variables.map((name, i) => [name, String(ports[i])]));
      const stack = run('npm', ['start', '--silent', '--', '--data', dataDir()], env);
      await waitFor(
        () => stack.output().includes('Local stack up'),
        150_000,
        () => `the stack to start:\n${stack.output()}`,
      );
      for (const port of ports) expect(await isListening(port), `port ${port} listens`).toBe(true);

      stack.child.kill(signal);
      const exit = await Promise.race([
        stack.exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('npm start did not exit')), 10_000),
        ),
      ]);
      expect(exit.code === 0 || exit.signal === signal, JSON.stringify(exit)).toBe(true);
      for (const port of ports) {
        expect(await isListening(port), `port ${port} still listens:\n${stack.output()}`).toBe(false);
        expect(await canBind(port), `port ${port} is still held`).toBe(true);
      }
      expect(stack.output()).toContain(`${signal}: stopping the local stack`);
    },
    180_000,
  );

  it('names the variable of a port already taken, without a stack trace, and frees the others', async () => {
    const ports = await freePorts(variables.length);
    const env = Object.fromEntries(variables.map((name, i) => [name, String(ports[i])]));
    const taken = createServer();
    const idpPort = ports[1] ?? 0;
    await new Promise<void>((resolve) => taken.listen(idpPort, 'localhost', resolve));
    try {
      const stack = run(process.execPath, ['--import', 'tsx', 'server/main.ts', '--data', dataDir()], env);
      const exit = await stack.exited;
      expect(exit.code).toBe(1);
      expect(stack.output()).toContain(`Port ${idpPort} on localhost is already in use`);
      expect(stack.output()).toContain('IDP_PORT');
      expect(stack.output()).not.toMatch(/\n\s+at .+:\d+:\d+/);
      for (const port of ports.filter((p) => p !== idpPort)) expect(await canBind(port)).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});

describe('npm run serve (the production server)', () => {
  it('refuses to start without its backend, naming the variable', async () => {
    const serve = run('npm', ['run', 'serve', '--silent'], {
      BACKEND_URL: '',
      IDP_ORIGIN: 'https://id.example',
    });
    const exit = await serve.exited;
    expect(exit.code).not.toBe(0);
    expect(serve.output()).toContain('BACKEND_URL is required');
  }, 30_000);

  it('refuses to start without its public origin', async () => {
    const serve = run('npm', ['run', 'serve', '--silent'], {
      BACKEND_URL: 'http://127.0.0.1:9',
      IDP_ORIGIN: 'https://id.example',
      PUBLIC_ORIGIN: '',
    });
    const exit = await serve.exited;
    expect(exit.code).not.toBe(0);
    expect(serve.output()).toContain('PUBLIC_ORIGIN is required');
  }, 30_000);

  it('serves dist/ on PORT and frees it on SIGTERM', async () => {
    const [port] = await freePorts(1);
    const serve = run('npm', ['run', 'serve', '--silent'], {
      PORT: String(port),
      HOST: 'localhost',
      BACKEND_URL: 'http://127.0.0.1:9',
      IDP_ORIGIN: 'https://id.example',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
    });
    await waitFor(
      () => serve.output().includes('Serving '),
      30_000,
      () => `the server to start:\n${serve.output()}`,
    );
    const answer = await fetch(`http://localhost:${port}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain('frame-src https://id.example');
    // The backend is down: the proxy answers 502, it does not crash.
    expect((await fetch(`http://localhost:${port}/api/clientconfig/app`)).status).toBe(502);
    serve.child.kill('SIGTERM');
    const exit = await serve.exited;
    expect(exit.code, JSON.stringify(exit)).toBe(0);
    expect(await canBind(port ?? 0)).toBe(true);
  }, 60_000);
});
