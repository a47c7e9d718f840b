import { describe, expect, it } from 'vitest';
import { carryPress, takeCarriedWait } from './carried-press';

const within = 1000;

describe('a press carried from the prerendered page (decision 198)', () => {
  it('gives the first work started after its replay the time since the press, once', () => {
    carryPress(1000, 2500);
    expect(takeCarriedWait(within, 2540)).toBe(1540);
    expect(takeCarriedWait(within, 2550)).toBe(0);
  });

  it('no longer counts once the replay is longer ago than the carry window', () => {
    carryPress(1000, 2500);
    expect(takeCarriedWait(within, 2500 + within + 1)).toBe(0);
    // Gone, not kept for later.
    expect(takeCarriedWait(within, 2600)).toBe(0);
  });

  it('is nothing without a carried press', () => {
    expect(takeCarriedWait(within, 10)).toBe(0);
  });

  it('keeps the latest press when two are replayed', () => {
    carryPress(100, 900);
    carryPress(400, 950);
    expect(takeCarriedWait(within, 1000)).toBe(600);
  });
});
