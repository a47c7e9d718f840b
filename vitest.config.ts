import { defineConfig } from 'vitest/config';

// Unit, component, machine and generated path tests. Node by default; component tests opt
// into jsdom with a `// @vitest-environment jsdom` comment on their first line.
export default defineConfig({
  test: {
    include: [
      'machines/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'tests/model/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'tests/contract/**/*.test.ts',
    ],
    environment: 'node',
    globals: false,
    testTimeout: 20000,
    hookTimeout: 60000,
    setupFiles: ['tests/setup/vitest.setup.ts'],
    pool: 'forks',
  },
});
