import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * What a button of the prerendered shell shows once its press has waited for the app a while
 * (src/boot/shell-guard.ts, item 7; decision 198): Mantine's own loading look. Its loader is the
 * one Mantine renders into a loading Button (`.mantine-Button-loader`), rendered at build time
 * into a `<template>` of the page: never shown as it is, and no bytes of the page's inlined CSS
 * (its styles are the whole stylesheet's, which the guard makes active then). The guard copies it
 * into the pressed button and marks the button and its label `data-loading`, as Mantine does.
 *
 * `render` is the app's server render with its Mantine provider (src/prerender/render.tsx).
 */
export function pressedButtonTemplate(render: (node: ReactNode) => string = renderToString): string {
  const button = render(<Button loading />);
  // The loader: a span of Mantine's loader classes holding the loader itself (one span).
  const loader = /<span(?=[^>]*\bmantine-Button-loader\b)[^>]*><span[^>]*><\/span><\/span>/.exec(button)?.[0];
  if (!loader) throw new Error('pressed-button: a loading Mantine Button rendered no loader');
  return `<template id="shell-pressed">${loader}</template>`;
}
