/**
 * The libraries the app's first screen is made of, evaluated in a task of their own before the
 * app itself (src/main.tsx): a dynamic import evaluates a module with everything it imports in one
 * task, so the app is loaded in layers (React's renderer; these libraries; the app), each a short
 * task. What is imported here is evaluated once and shared with the app; nothing here runs.
 */
export { MantineProvider } from '@mantine/core';
export { createRouter } from '@tanstack/react-router';
export { useSelector } from '@xstate/react';
export { IntlProvider } from 'react-intl';
export { createActor } from 'xstate';
