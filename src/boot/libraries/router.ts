/** A layer of the boot: the router (see ./state.ts). */
export { createRouter } from '@tanstack/react-router';
