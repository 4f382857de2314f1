import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid-v7';

describe('UUID v7', () => {
  it('is a version 7, variant 1 UUID carrying the time, sorting in creation order, never repeating', () => {
    const at = Date.UTC(2026, 10, 22, 3, 0, 0);
    const ids = Array.from({ length: 5000 }, (_, i) => uuidv7(at + Math.floor(i / 1000)));
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });
});
