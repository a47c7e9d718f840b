/**
 * Message catalogs for react-intl.
 *
 *   tsx scripts/i18n.ts --write   extract every message from src/ and machines/ and write the catalogs
 *   tsx scripts/i18n.ts --check   fail when a catalog is stale, an override names an unknown id,
 *                                 or a message has no explicit id
 *
 * Source messages (the `defaultMessage` at each usage site) are en-AU. `src/i18n/overrides/en-GB.json`
 * holds the en-GB texts that differ; the en-GB catalog is the en-AU one with those applied.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const catalogDir = join(root, 'src/i18n/catalogs');
const overridesFile = join(root, 'src/i18n/overrides/en-GB.json');

type Extracted = Record<string, { defaultMessage: string; description?: string }>;

function sortObject<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function extract(): Extracted {
  const files = ['src', 'machines'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );
  const out = join(mkdtempSync(join(tmpdir(), 'i18n-')), 'messages.json');
  const listFile = `${out}.files`;
  writeFileSync(listFile, files.join('\n'));
  execFileSync(
    join(root, 'node_modules/.bin/formatjs'),
    [
      'extract',
      '--in-file',
      listFile,
      '--out-file',
      out,
      '--id-interpolation-pattern',
      'MISSING_ID:[sha512:contenthash:base64:6]',
      '--throws',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return JSON.parse(readFileSync(out, 'utf8')) as Extracted;
}

function build(): { files: Record<string, string>; problems: string[] } {
  const extracted = extract();
  const problems: string[] = [];
  for (const [id, m] of Object.entries(extracted)) {
    if (id.startsWith('MISSING_ID:')) problems.push(`message without an explicit id: "${m.defaultMessage}"`);
  }
  const enAU = sortObject(
    Object.fromEntries(Object.entries(extracted).map(([id, m]) => [id, m.defaultMessage])),
  );
  const overrides = JSON.parse(readFileSync(overridesFile, 'utf8')) as Record<string, string>;
  for (const id of Object.keys(overrides)) {
    if (!(id in enAU)) problems.push(`en-GB override for unknown id: ${id}`);
  }
  const enGB = sortObject({
    ...enAU,
    ...Object.fromEntries(Object.entries(overrides).filter(([id]) => id in enAU)),
  });
  return {
    files: {
      [join(catalogDir, 'en-AU.json')]: `${JSON.stringify(enAU, null, 2)}\n`,
      [join(catalogDir, 'en-GB.json')]: `${JSON.stringify(enGB, null, 2)}\n`,
    },
    problems,
  };
}

const mode = process.argv.includes('--write') ? 'write' : 'check';
const { files, problems } = build();
if (mode === 'write') {
  for (const [file, text] of Object.entries(files)) writeFileSync(file, text);
  console.log(`i18n: wrote ${Object.keys(files).length} catalogs`);
} else {
  for (const [file, text] of Object.entries(files)) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = '';
    }
    if (current !== text) problems.push(`${file.slice(root.length + 1)} is stale: run npm run i18n:extract`);
  }
}
if (problems.length > 0) {
  for (const p of problems) console.error(`i18n: ${p}`);
  process.exit(1);
}
if (mode === 'check')
  console.log(
    `i18n: catalogs up to date (${Object.keys(JSON.parse(Object.values(files)[0] ?? '{}')).length} messages)`,
  );
