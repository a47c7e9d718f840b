/** A layer of the boot: Mantine (see ./state.ts). */
export { MantineProvider } from '@mantine/core';
