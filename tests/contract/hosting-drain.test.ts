import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { hostingDirOf } from '../../deploy/hosting-policy';
import { writeHostingFiles } from '../../scripts/vite-hosting';
import { freePort } from '../support/free-port';

/**
 * The production server's graceful stop (deploy/server.ts): on SIGTERM the readiness endpoint goes
 * unready first while it still serves (DRAIN_DELAY_MS), then it stops accepting, closes the proxied
 * WebSockets with 1001 (Going Away), lets a request in flight finish, and exits 0 within the bound
 * (DRAIN_TIMEOUT_MS). The server runs as `npm run serve` would run it: its own process, settings
 * from the environment, in front of a backend with a WebSocket hub and a slow endpoint.
 */

let dist: string;
let backend: Server;
let hub: WebSocketServer;
let backendUrl: string;
let server: ChildProcess | null = null;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'drain-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(dist, '200.html'), '<!doctype html><title>x</title>');
  writeHostingFiles(dist);
  backend = createServer((req, res) => {
    // A request that takes a while: in flight when the drain begins.
    const wait = req.url?.startsWith('/api/slow') ? 700 : 0;
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('slow answer');
    }, wait);
  });
  hub = new WebSocketServer({ server: backend, path: '/sockets/appstate' });
  hub.on('connection', (socket) => socket.send('hello'));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  backendUrl = `http://127.0.0.1:${(backend.address() as { port: number }).port}`;
});
afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  hub?.close();
  await new Promise((resolve) => backend?.close(resolve));
  rmSync(dist, { recursive: true, force: true });
  rmSync(hostingDirOf(dist), { recursive: true, force: true });
});

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('SIGTERM drains the production server', () => {
  it('unready first, sockets closed with 1001, the request in flight answered, exit 0 within the bound', async () => {
    const port = await freePort('127.0.0.1');
    const origin = `http://127.0.0.1:${port}`;
    const drainTimeoutMs = 3000;
    server = spawn(process.execPath, ['--import', 'tsx', 'deploy/server.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        BACKEND_URL: backendUrl,
        IDP_ORIGIN: 'https://login.example.test',
        PUBLIC_ORIGIN: origin,
        DIST_DIR: dist,
        HOST: '127.0.0.1',
        PORT: String(port),
        DRAIN_DELAY_MS: '400',
        DRAIN_TIMEOUT_MS: String(drainTimeoutMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const until = Date.now() + 20_000;
    while (!output.includes('Serving')) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`not started: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await get(`${origin}/readyz`)).status).toBe(200);
    expect((await get(`${origin}/healthz`)).status).toBe(200);

    // A live WebSocket through the server's proxy.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/sockets/appstate`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });

    const start = Date.now();
    // In flight when SIGTERM comes, and for longer than the drain delay.
    const slow = get(`${origin}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Unready first: it still answers, and says it is going.
    const readiness = await get(`${origin}/readyz`);
    expect(readiness).toEqual({ status: 503, body: 'draining' });
    expect(socket.readyState).toBe(WebSocket.OPEN);

    expect(await closed).toBe(1001);
    expect(await slow).toEqual({ status: 200, body: 'slow answer' });
    expect(await exited).toBe(0);
    expect(Date.now() - start).toBeLessThan(400 + drainTimeoutMs + 1000);
    // Not accepting any more.
    await expect(get(`${origin}/healthz`)).rejects.toThrow();
    expect(output).toContain('SIGTERM: draining');
    // Nothing was left to cut: the socket and the request ended by themselves.
    expect(output).not.toContain('still in flight');
  });
});
