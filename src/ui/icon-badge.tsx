import { Avatar, type MantineColor, type MantineRadius, type MantineSize } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { limits } from '#machines/constants';
import { logger } from '../logger';

export type IconBadgeShape = 'circle' | 'rounded' | 'square';

export interface IconBadgeProps {
  icon?: ReactNode;
  /** Image URL. */
  image?: string;
  /** Title: its first 3 letters are shown when there is no icon or image; also the accessible name. */
  title?: string;
  /** Foreground colour (Mantine colour or CSS colour). */
  color?: MantineColor;
  /** Background colour (Mantine colour or CSS colour). */
  backgroundColor?: MantineColor;
  shape?: IconBadgeShape;
  size?: MantineSize | number;
}

/** The first 3 letters of a title (letters of any script; digits only if it has no letters). */
export function badgeLetters(title: string): string {
  const letters = title.match(/\p{L}/gu) ?? [];
  const source = letters.length > 0 ? letters : Array.from(title.replace(/\s+/g, ''));
  return source.slice(0, limits.badgeLetters).join('');
}

/** A Mantine palette name ('teal') → its CSS variable; any CSS colour passes through. */
export function cssColor(color: string): string {
  return /^[a-z]+$/.test(color) ? `var(--mantine-color-${color}-filled)` : color;
}

const radii: Record<IconBadgeShape, MantineRadius> = { circle: 'xl', rounded: 'md', square: 0 };

/**
 * Icon badge (spec §2): an icon, an image, or the first 3 letters of a title, with colour,
 * background colour, shape and size options. Logs an error (and renders nothing) when given none
 * of icon, image or title.
 */
export function IconBadge({
  icon,
  image,
  title,
  color,
  backgroundColor,
  shape = 'circle',
  size = 'md',
}: IconBadgeProps) {
  const letters = title ? badgeLetters(title) : '';
  const empty = icon === undefined && !image && letters === '';
  useEffect(() => {
    if (empty) logger.error('IconBadge: an icon, an image or a title is required');
  }, [empty]);
  if (empty) return null;
  return (
    <Avatar
      src={icon === undefined ? image : undefined}
      alt={title}
      title={title}
      radius={radii[shape]}
      size={size}
      variant="filled"
      styles={{
        placeholder: {
          ...(backgroundColor ? { backgroundColor: cssColor(backgroundColor) } : {}),
          ...(color ? { color: cssColor(color) } : {}),
        },
      }}
      data-shape={shape}
      aria-label={title}
      role={title ? 'img' : undefined}
    >
      {icon ?? letters}
    </Avatar>
  );
}
