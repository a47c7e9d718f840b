/**
 * A layer of the boot (src/main.tsx, docs/decisions/181-boot-chunks-from-the-module-graph.md): the
 * state machines of the first screen, evaluated in a task of their own after the libraries and
 * before the app. Creating a machine resolves its whole state chart (XState's `createMachine`), and
 * six of them made most of the app chunk's evaluation, one long task at 4x CPU. The chunk holds
 * every machine the app's first screen imports (scripts/vite-chunks.ts reads them from the
 * module graph); importing it by these names evaluates them all.
 */
export { appBootstrapMachine } from '../../../machines/app-bootstrap.machine';
export { buildCheckMachine } from '../../../machines/build-check.machine';
export { codeRecoveryMachine } from '../../../machines/code-recovery.machine';
export { landingMachine } from '../../../machines/landing.machine';
export { loadingMachine } from '../../../machines/loading.machine';
export { sessionMachine } from '../../../machines/session.machine';
