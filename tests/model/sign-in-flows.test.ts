import { describe, it } from 'vitest';
import { generatePaths, runPathOnMachine } from '../support/paths';
import { authRedirectPathSpec } from './auth-redirect.model';
import { emailVerificationPathSpec } from './email-verification.model';
import { sessionPathSpec } from './session.model';

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
