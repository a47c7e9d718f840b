/**
 * A layer of the boot (src/main.tsx, docs/decisions/181-boot-chunks-from-the-module-graph.md):
 * libraries of the first screen, evaluated in a task of their own before the app. A dynamic import
 * evaluates a module with everything it imports in one task, so the libraries come in layers
 * (this one: XState and react-intl; then the router; then Mantine). Imported by name: a dynamic
 * import of a library's namespace would keep every export of it.
 */
export { useSelector } from '@xstate/react';
export { IntlProvider } from 'react-intl';
export { createActor } from 'xstate';
