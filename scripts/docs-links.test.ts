import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true to the repository (docs/decisions/182-docs-stay-true-and-short.md): every
 * relative link of a Markdown file, every cited decision (`NNN-name.md`) and every cited
 * `docs/….md` in the docs, the READMEs and the source comments names a file that exists, inside
 * the repository; and nothing refers to a file outside it.
 */
const root = join(import.meta.dirname, '..');
const skipped = new Set(['node_modules', 'dist', 'build', 'test-results', '.git', 'playwright-report']);
const textFile = /\.(md|ts|tsx|js|mjs|cjs|json|css|html|ya?ml|sh)$/;
const self = relative(root, import.meta.filename);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || (entry.name.startsWith('.') && entry.name !== '.ci')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (textFile.test(entry.name) && entry.name !== 'package-lock.json') out.push(path);
  }
  return out;
}

const files = filesUnder(root)
  .map((path) => ({ path, name: relative(root, path) }))
  .filter(({ name }) => name !== self);
const decisions = new Set(readdirSync(join(root, 'docs/decisions')));

interface Problem {
  file: string;
  line: number;
  reference: string;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Where each pattern's first group occurs in the repository's text files, and fails `ok`. */
function problems(pattern: RegExp, ok: (reference: string, file: string) => boolean, only?: RegExp) {
  const found: Problem[] = [];
  for (const { path, name } of files) {
    if (only && !only.test(name)) continue;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(pattern)) {
      const reference = match[1] ?? match[0];
      if (!ok(reference, path)) found.push({ file: name, line: lineOf(text, match.index ?? 0), reference });
    }
  }
  return found;
}

const insideRepository = (target: string) => {
  const rel = relative(root, target);
  return !rel.startsWith('..');
};

describe('docs and comments refer to files that exist in the repository', () => {
  it('every cited decision (NNN-name.md) exists in docs/decisions', () => {
    expect(problems(/\b(\d{3}-[a-z0-9][a-z0-9-]*\.md)\b/g, (file) => decisions.has(file))).toEqual([]);
  });

  it('a decision is cited by its file name, not by a bare number under docs/decisions/', () => {
    expect(problems(/(docs\/decisions\/(?:\d{1,3}(?![\d-])|\s))/g, () => false)).toEqual([]);
  });

  it('every cited docs/….md exists', () => {
    expect(problems(/(?<![\w/.-])(docs\/[\w./-]+\.md)\b/g, (file) => existsSync(join(root, file)))).toEqual(
      [],
    );
  });

  it('every relative Markdown link resolves to a file inside the repository', () => {
    const link = /\]\(([^)\s]+)\)/g;
    expect(
      problems(
        link,
        (target, file) => {
          if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) return true;
          const path = resolve(dirname(file), decodeURIComponent(target.replace(/[#?].*$/, '')));
          return insideRepository(path) && existsSync(path);
        },
        /\.md$/,
      ),
    ).toEqual([]);
  });

  it('nothing refers to a file outside the repository', () => {
    const outside = new RegExp(
      [
        String.raw`(?:\.\./)+shared/(?:spec|conventions|stack-notes)`,
        '/work/shared',
        'conventions §',
        String.raw`conventions\.md`,
        'stack-notes',
        'stack notes',
        String.raw`product-spec\.md`,
      ].join('|'),
      'gi',
    );
    expect(problems(outside, () => false)).toEqual([]);
  });

  it('the README names every npm script', () => {
    const scripts = Object.keys(
      (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
        .scripts,
    );
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const named = (script: string) =>
      readme.includes(`npm run ${script}`) || new RegExp(`npm ${script}\\b`).test(readme);
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });
});
