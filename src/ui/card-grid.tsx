import { SimpleGrid, type SimpleGridProps } from '@mantine/core';

/** Card grid (spec §2): a responsive Mantine SimpleGrid, one column on phones, up to three on desktops. */
export function CardGrid({ cols = { base: 1, sm: 2, md: 3 }, spacing = 'md', ...rest }: SimpleGridProps) {
  return <SimpleGrid cols={cols} spacing={spacing} verticalSpacing={spacing} {...rest} />;
}
