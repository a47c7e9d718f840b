import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

/**
 * The compressed forms of the app's static files, shared by the build and the stack's static
 * server (decision 140). The build writes `<file>.br` and `<file>.gz` beside every text file of
 * dist/, as a CDN or `nginx`'s `gzip_static` expects; the stack serves them when they are as new as
 * the file, and compresses a file itself (once per file version) when they are missing or older,
 * for example after a test rewrote `index.html`.
 */

/** Text types worth compressing (images and fonts are compressed already). */
export const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map']);

export type Encoding = 'br' | 'gzip';

/** The suffix of a file's precompressed sibling. */
export const precompressedSuffix: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Brotli at its best quality and gzip at level 9: written once per build, read on every request. */
export function compress(raw: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gzipSync(raw, { level: 9 });
}

/**
 * The precompressed sibling of `file` in `encoding`, when there is one at least as new as `file`
 * (`fileMtimeMs`); else null.
 */
export function readPrecompressed(file: string, fileMtimeMs: number, encoding: Encoding): Buffer | null {
  const sibling = file + precompressedSuffix[encoding];
  try {
    if (statSync(sibling).mtimeMs < fileMtimeMs) return null;
    return readFileSync(sibling);
  } catch {
    return null;
  }
}

/**
 * Writes the `.br` and `.gz` of every compressible file under `dir` whose path (`/` and the path
 * inside `dir`) is served (`isServed`: never the private files, whose siblings would be public
 * under another name); returns how many files.
 */
export function precompressDir(dir: string, isServed: (pathname: string) => boolean): number {
  let count = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, name);
    if (!compressible.has(extname(file).toLowerCase()) || !statSync(file).isFile()) continue;
    if (!isServed(`/${name.split(sep).join('/')}`)) continue;
    const raw = readFileSync(file);
    for (const encoding of ['br', 'gzip'] as const)
      writeFileSync(file + precompressedSuffix[encoding], compress(raw, encoding));
    count++;
  }
  return count;
}
