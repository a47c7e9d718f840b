import { createServer } from 'node:net';

/** A port free on `host` right now (the operating system's choice); the caller binds it soon after. */
export async function freePort(host = 'localhost'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
