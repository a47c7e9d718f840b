import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedTestFiles } from '../../vitest.config';

/**
 * Most test files share their worker's module registry (`isolate: false`, decision 140): a file
 * that replaces a module or a global would leave the replacement to the files after it, and
 * whether a later file fails would depend on the order the run happens to take. Such a file must
 * be listed in `isolatedTestFiles` of vitest.config.ts, which runs it in a registry of its own.
 */
const root = join(import.meta.dirname, '../..');
const testDirs = ['machines', 'src', 'server', 'tests', 'scripts'];
const replaces = /\bvi\.(mock|doMock|stubGlobal|stubEnv|hoisted)\(/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('test files that replace modules or globals', () => {
  const files = testDirs.flatMap(testFilesUnder).map((file) => relative(root, join(root, file)));

  it('each run in a module registry of their own', () => {
    const replacing = files.filter((file) => replaces.test(readFileSync(join(root, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !isolatedTestFiles.includes(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(isolatedTestFiles.filter((file) => !files.includes(file))).toEqual([]);
  });
});
