import { registry } from '../tests/model/registry';
import { generatePaths } from '../tests/support/paths';
for (const { name, spec } of registry) console.log(name, generatePaths({ ...spec, exhaustive: true }).length);
