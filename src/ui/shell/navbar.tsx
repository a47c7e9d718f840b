import { Group, Text } from '@mantine/core';

/** Placeholder navigation bar; the full bar (menus, account menu, collapse) replaces it. */
export function Navbar({ productName }: { productName: string }) {
  return (
    <Group h="100%" px="md">
      <Text component="a" href="/" fw={700}>
        {productName}
      </Text>
    </Group>
  );
}
