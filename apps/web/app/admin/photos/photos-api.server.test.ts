import { describe, expect, it } from 'vitest';
import { moved } from './photos-api.server';

describe('moving a photo', () => {
  it('swaps it with its neighbour, and stays put at either end', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 9, 1)).toEqual([1, 2, 3]);
  });
});
