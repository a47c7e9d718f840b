// @vitest-environment jsdom
import { Card } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/support/render';
import { CardGrid } from './card-grid';

describe('CardGrid', () => {
  it('lays its cards out in a SimpleGrid', () => {
    const { container } = renderWithProviders(
      <CardGrid>
        <Card>One</Card>
        <Card>Two</Card>
        <Card>Three</Card>
      </CardGrid>,
    );
    const grid = container.querySelector('.mantine-SimpleGrid-root');
    expect(grid).not.toBeNull();
    expect(grid?.children).toHaveLength(3);
    expect(screen.getByText('Two')).toBeTruthy();
  });
});
