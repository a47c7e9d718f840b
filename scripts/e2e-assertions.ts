/**
 * Counts the assertions of the browser tests: every `expect(…)`, `expect.poll(…)`,
 * `expect.soft(…)` and every call of an assertion helper named `expect…(…)` (`expectTrue`,
 * `expectEnvironment`, `expectStep`, …; not their definitions) in the Playwright specs and their
 * helpers (tests/e2e), the engine journeys (tests/engines) and the shared wizard helper
 * (tests/support/wizard.ts). Per file: the call sites, and the distinct ones (the statement's text
 * with its whitespace collapsed; the same check written twice in one file counts once).
 *
 *   tsx scripts/e2e-assertions.ts            a table per file and the totals
 *   tsx scripts/e2e-assertions.ts --total    one line: the totals (what `npm test` prints)
 *   tsx scripts/e2e-assertions.ts --root DIR  the same for another checkout (before/after)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository to count in: this one, or `--root DIR` (another checkout, to compare). */
const rootAt = process.argv.indexOf('--root');
const root =
  rootAt >= 0 && process.argv[rootAt + 1]
    ? (process.argv[rootAt + 1] as string)
    : join(import.meta.dirname, '..');
const folders = ['tests/e2e', 'tests/engines'];
const extraFiles = ['tests/support/wizard.ts'];

// `expect(…)` and its `.poll`/`.soft`, and every assertion helper named `expect…(` (the engines'
// `expectTrue`, the specs' `expectEnvironment`, the wizard's `expectStep`, …): each call asserts.
const start = /\b(expect(?:\.poll|\.soft|[A-Z]\w*)?)\s*\(/g;

/** The statement that starts at `from`: up to its `;` (or line end) outside brackets and strings. */
function statementAt(text: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      depth -= 1;
      if (depth < 0) return text.slice(from, i);
    } else if (c === ';' && depth === 0) return text.slice(from, i);
  }
  return text.slice(from);
}

export interface FileCount {
  file: string;
  calls: number;
  distinct: number;
}

/**
 * The text with its comments blanked (`text`), and also with the insides of its strings blanked
 * (`code`), both of the same length, so a match found in `code` (never in a comment or a string,
 * such as a glob '**\/*.js' or a quoted 'expect(') reads its statement from `text`.
 */
function blank(source: string): { text: string; code: string } {
  let text = '';
  let code = '';
  let quote: string | null = null;
  const keep = (c: string, inString: boolean) => {
    text += c;
    code += inString && c !== '\n' ? ' ' : c;
  };
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i] as string;
    if (quote) {
      if (c === '\\') {
        keep(c, true);
        keep(source[i + 1] ?? '', true);
        i += 1;
      } else if (c === quote) {
        quote = null;
        keep(c, false);
      } else keep(c, true);
      continue;
    }
    if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      const line = source[i + 1] === '/';
      const found = line ? source.indexOf('\n', i) : source.indexOf('*/', i + 2);
      const end = found < 0 ? source.length : line ? found : found + 2;
      const spaces = source.slice(i, end).replace(/[^\n]/g, ' ');
      text += spaces;
      code += spaces;
      i = end - 1;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    keep(c, false);
  }
  return { text, code };
}

export function countAssertions(text: string): { calls: number; distinct: number } {
  const { text: source, code } = blank(text);
  const seen = new Set<string>();
  let calls = 0;
  for (const match of code.matchAll(start)) {
    const before = code.slice(Math.max(0, match.index - 9), match.index);
    // The definition of a helper (`function expectTrue(`) is no assertion.
    if (/function\s*$/.test(before)) continue;
    calls += 1;
    seen.add(statementAt(source, match.index).replace(/\s+/g, ' ').trim());
  }
  return { calls, distinct: seen.size };
}

function filesOf(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    if (entry.name.endsWith('.test.ts') || entry.name.includes('.pre-fix.')) continue;
    out.push(relative(root, join(entry.parentPath, entry.name)));
  }
  return out;
}

export function countAll(): FileCount[] {
  const files = [...folders.flatMap(filesOf), ...extraFiles].sort();
  const counts: FileCount[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    const { calls, distinct } = countAssertions(text);
    if (calls > 0) counts.push({ file, calls, distinct });
  }
  return counts;
}

/** The one line of the totals: distinct assertions and call sites. */
export function assertionSummary(counts: FileCount[] = countAll()): string {
  const calls = counts.reduce((sum, c) => sum + c.calls, 0);
  const distinct = counts.reduce((sum, c) => sum + c.distinct, 0);
  return `browser-test assertions: ${distinct} distinct, ${calls} call sites in ${counts.length} files`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countAll();
  if (!process.argv.includes('--total')) {
    for (const c of counts)
      process.stdout.write(
        `${c.file.padEnd(40)} ${String(c.calls).padStart(5)} ${String(c.distinct).padStart(5)}\n`,
      );
  }
  process.stdout.write(`${assertionSummary(counts)}\n`);
}
