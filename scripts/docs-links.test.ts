import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true to the repository and short (docs/decisions/182-docs-stay-true-and-short.md):
 * every relative link of a Markdown file, every repository path the docs name, every cited decision
 * (`NNN-name.md` or "decision NNN") in the docs, the READMEs and the source comments names something
 * that exists inside the repository; nothing refers to another repository or to a run (dates,
 * commit hashes, temporary paths); and the word budgets hold.
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

/**
 * The docs: every Markdown file of the repository (README.md, every other README, docs/** with the
 * decision records) but the generated `docs/statecharts/README.md`, which `npm run diagrams` writes
 * from the machines and `npm run diagrams:check` keeps current (its words are not prose to read).
 */
const generatedDocs = new Set(['docs/statecharts/README.md']);
const docs = files.filter(({ name }) => name.endsWith('.md') && !generatedDocs.has(name));
const records = docs.filter(({ name }) => /^docs\/decisions\/\d{3}-[^/]+\.md$/.test(name));

/** Words as `wc -w` counts them: whitespace-separated tokens (table rules and bullets included). */
function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The word budget counts every Markdown file, the generated statecharts README too: all are read. */
const budgeted = files.filter(({ name }) => name.endsWith('.md'));

const wordsOf = (name: string) => wordCount(readFileSync(join(root, name), 'utf8'));

/** The repository's top-level folders and files a doc may name by path. */
const repoRoots = ['machines', 'src', 'server', 'tests', 'scripts', 'docs', 'deploy', '.ci'];
const repoPath = new RegExp(
  String.raw`(?<![\w./#@~-])((?:${repoRoots.map((r) => r.replace('.', '\\.')).join('|')})/[^\s\`'"()|,;]*)`,
  'g',
);

/** A path the docs name, or null when it is a pattern or placeholder rather than one path. */
function namedPath(raw: string): string | null {
  const path = raw.replace(/[.:]+$/, '').replace(/:\d+(?::\d+)?$/, '');
  if (/[<>*{}$[\]…]/.test(path) || path.endsWith('/.') || path.includes('...')) return null;
  return path.replace(/#.*$/, '');
}

describe('the docs name only what the repository has', () => {
  it('every repository path a doc names exists', () => {
    expect(
      problems(
        repoPath,
        (raw) => {
          const path = namedPath(raw);
          return path === null || existsSync(join(root, path));
        },
        /\.md$/,
      ).filter(({ file }) => !generatedDocs.has(file)),
    ).toEqual([]);
  });

  it('every cited decision number ("decision NNN", "decisions NNN and MMM") has its record', () => {
    const numbers = new Set([...decisions].map((file) => file.slice(0, 3)));
    const cited = /\b[Dd]ecisions?\s+(\d{3}(?!\d)(?:\s*(?:,|and|or|–|-)\s*\d{3}(?!\d))*)/g;
    const found: Problem[] = [];
    for (const { path, name } of files) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(cited))
        for (const n of match[1]?.match(/\d{3}/g) ?? [])
          if (!numbers.has(n)) found.push({ file: name, line: lineOf(text, match.index ?? 0), reference: n });
    }
    expect(found).toEqual([]);
  });

  it('a cited section ("docs/x.md, "Heading"", "README, "Heading"") is a heading of that file', () => {
    const section = /\b((?:[\w.-]+\/)*[\w.-]+\.md|README),? "([^"\n]+)"/g;
    const headings = (file: string) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) => line.replace(/^#+\s*/, '').toLowerCase());
    const found: Problem[] = [];
    for (const { path, name } of files) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(section)) {
        const file = match[1] === 'README' ? 'README.md' : (match[1] ?? '');
        const heading = (match[2] ?? '').toLowerCase();
        if (!existsSync(join(root, file))) continue; // a missing file fails the tests above
        if (!headings(file).some((h) => h.includes(heading)))
          found.push({ file: name, line: lineOf(text, match.index ?? 0), reference: match[0] });
      }
    }
    expect(found).toEqual([]);
  });

  it('no doc points into another repository, a machine or a run', () => {
    const elsewhere = new RegExp(
      [
        String.raw`(?:github|gitlab)\.com/[\w.-]+/[\w.-]+/(?:blob|tree|raw)/`,
        String.raw`raw\.githubusercontent\.com`,
        String.raw`(?<![\w.])/(?:tmp|home|work|Users|opt)/`,
        String.raw`\b20\d\d-[01]\d-[0-3]\d\b`,
        String.raw`\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b`,
        String.raw`\bload (?:average )?\d`,
      ].join('|'),
      'g',
    );
    expect(problems(elsewhere, () => false, /\.md$/).filter(({ file }) => !generatedDocs.has(file))).toEqual(
      [],
    );
  });
});

describe('the docs stay within their word budgets', () => {
  it('all docs together hold at most 15,000 words', () => {
    const total = budgeted.reduce((sum, { name }) => sum + wordsOf(name), 0);
    expect(total).toBeLessThanOrEqual(15_000);
  });

  it('the README holds at most 2,000 words, the benchmarks README at most 1,000', () => {
    expect(wordsOf('README.md')).toBeLessThanOrEqual(2_000);
    expect(wordsOf('tests/bench/README.md')).toBeLessThanOrEqual(1_000);
  });

  it('there are at most 40 decision records, each of at most 400 words', () => {
    expect(records.length).toBeLessThanOrEqual(40);
    expect(records.filter(({ name }) => wordsOf(name) > 400).map(({ name }) => name)).toEqual([]);
  });

  it('every decision record holds: one status, spelt one way', () => {
    const status = (name: string) =>
      readFileSync(join(root, name), 'utf8')
        .split('\n')
        .filter((line) => /^\**status\b/i.test(line));
    expect(
      records.filter(({ name }) => status(name).join() !== 'Status: accepted').map(({ name }) => name),
    ).toEqual([]);
  });

  it('the word count counts as `wc -w` does, table rules included', () => {
    expect(wordCount('| a | b |\n|---|---|\n| `x.ts` | 100 ms |')).toBe(12);
  });
});
