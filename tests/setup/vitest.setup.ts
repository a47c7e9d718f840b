import { afterEach, vi } from 'vitest';

// A console.error during a test fails it (docs/testing.md): surface it as a thrown error.
const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};

afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
  vi.useRealTimers();
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
