import { describe, it } from 'vitest';
import { generatePaths, runPathOnMachine } from '../support/paths';
import { authRedirectPathSpec, emailVerificationPathSpec, sessionPathSpec } from './auth.model';

for (const spec of [sessionPathSpec, emailVerificationPathSpec, authRedirectPathSpec]) {
  const paths = generatePaths(spec as typeof sessionPathSpec);
  describe(`${spec.name} machine: generated paths`, () => {
    for (const path of paths) {
      it(path.description, () => {
        runPathOnMachine(path, spec as typeof sessionPathSpec);
      });
    }
  });
}
