/**
 * HTML conformance of what the app serves (issue 26 item 2; docs/decisions/120-html-conformance.md).
 *
 *   npx tsx scripts/html-check.ts [--dist dist]     (part of `npm test`: `npm run html:check`)
 *
 * 1. html-validate (pure JS, `html-validate:recommended`) on every HTML file of the build: the
 *    prerendered first screens and the SPA fallback. The same rules check a rendered state of every
 *    screen in the screen atlas (`validateRendered`, called by scripts/atlas.ts for each state).
 * 2. The W3C Nu Html Checker (`vnu-jar`) on the same files, where Java is present (skipped with a
 *    note otherwise).
 * 0 errors is the bar. Every rule turned off, and every Nu message ignored, is listed below with
 * its reason (decision 120).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { type ConfigData, HtmlValidate } from 'html-validate';

/** Rules of `html-validate:recommended` turned off, each with its reason (decision 120). */
export const rulesOff: Record<string, string> = {
  // Style rules, not conformance: the markup is React's and Mantine's output, not hand-written.
  'void-style': 'React writes void elements as <input/>; both forms are valid HTML',
  'attribute-boolean-style': 'React writes boolean attributes as autofocus=""; both forms are valid HTML',
  'attribute-empty-style': 'React writes empty attributes as data-code-boxes=""; both forms are valid HTML',
  'no-inline-style':
    "Mantine sets its style props and CSS variables in style attributes; the CSP allows inline styles ('unsafe-inline' in style-src)",
  'prefer-native-element':
    "Mantine's Stepper and PinInput use role=group on a div; a fieldset would bring its own border and legend",
  'no-redundant-role': "Mantine's output; a redundant role is harmless and valid",
  'long-title':
    'The title is "{product name} | {segment}" (decision 006); the product name comes from the configuration',
  'attr-case':
    'Not conformance: React writes inputMode/autoComplete in camelCase and HTML attributes are case-insensitive',
  'no-trailing-whitespace': 'Formatting, not conformance',
  'doctype-style': "Vite's index.html writes <!doctype html>; the doctype is case-insensitive",
  'no-dup-class':
    "Mantine's Radio and Checkbox put their root class twice (Styles API: the component's and the inner input's); a repeated class is valid and harmless",
};

/** Nu Html Checker messages ignored: gaps of the checker, not errors of the page (decision 120). */
export const nuIgnored: Array<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /^CSS: “text-box-(trim|edge)”: Property “text-box-(trim|edge)” doesn't exist\.$/,
    reason:
      "CSS Inline Layout 3's text-box-trim/text-box-edge (Mantine's Text, Chromium 133+): the checker's CSS grammar predates them",
  },
];

const config: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    ...Object.fromEntries(Object.keys(rulesOff).map((rule) => [rule, 'off'])),
    // HTML's own rule for ids (non-empty, no whitespace), not the stricter CSS-friendly one: React's
    // useId() ids (_R_1ar_) are valid HTML ids.
    'valid-id': ['error', { relaxed: true }],
  },
};

let validator: HtmlValidate | null = null;
const htmlValidate = () => {
  validator ??= new HtmlValidate(config);
  return validator;
};

/** html-validate's errors of one document, as `source:line:column rule: message`. */
export async function validateHtml(html: string, source: string): Promise<string[]> {
  const report = await htmlValidate().validateString(html, source);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${source}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`),
  );
}

/**
 * A rendered state of a screen: its `<body>` as the browser has it (the atlas' page), in a minimal
 * document, checked with the same rules as the served files. The harness' own head (its scripts,
 * the axe-core script the atlas adds) is not the app's and is left out.
 */
export async function validateRendered(bodyHtml: string, source: string): Promise<string[]> {
  const found = await validateHtml(
    `<!doctype html>\n<html lang="en-AU">\n<head>\n<meta charset="utf-8">\n<title>${source}</title>\n</head>\n${bodyHtml}\n</html>\n`,
    source,
  );
  return found.filter((message) => !mantineInlineStyle.test(message));
}

/**
 * The one exception of a rendered state (decision 120): Mantine's SimpleGrid (the spec's card grid)
 * renders its grid variables as a `<style>` beside itself at run time (InlineStyles), and Mantine
 * offers no way to put it in the head. Browsers apply it; the served pages, which both checkers see
 * whole, carry no `<style>` in the body (the prerender moves Mantine's into the head).
 */
const mantineInlineStyle =
  /element-permitted-content: <style> element is not permitted as content under <div>/;

export function htmlFilesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file))
    .sort();
}

export function javaPresent(): boolean {
  return spawnSync('java', ['-version'], { encoding: 'utf8' }).status === 0;
}

/** The Nu Html Checker's errors of the given files (empty when none), minus the ignored gaps. */
export function nuErrors(files: readonly string[], root: string): string[] {
  const jar = createRequire(import.meta.url)('vnu-jar') as string;
  const run = spawnSync(
    'java',
    ['-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...files],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`vnu failed: ${run.stderr}`);
  const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as {
    messages: Array<{ type: string; url?: string; lastLine?: number; message: string }>;
  };
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .filter((m) => !nuIgnored.some((ignored) => ignored.pattern.test(m.message)))
    .map((m) => `${relative(root, (m.url ?? '').replace(/^file:/, ''))}:${m.lastLine ?? 0} nu: ${m.message}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dist');
  const root = process.cwd();
  const dist = resolve(at >= 0 ? (args[at + 1] ?? 'dist') : 'dist');
  const files = htmlFilesOf(dist);
  if (files.length === 0) throw new Error(`html-check: no HTML in ${dist} (run npm run build)`);
  const problems: string[] = [];
  for (const file of files)
    problems.push(...(await validateHtml(readFileSync(file, 'utf8'), relative(root, file))));
  console.log(`html-validate: ${files.length} files, ${problems.length} errors`);
  if (javaPresent()) {
    const nu = nuErrors(files, root);
    console.log(`Nu Html Checker: ${files.length} files, ${nu.length} errors`);
    problems.push(...nu);
  } else {
    console.log('Nu Html Checker: skipped (no Java on this machine)');
  }
  for (const problem of problems) console.error(`  ${problem}`);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await main();
}
