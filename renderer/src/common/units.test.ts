import { describe, expect, it } from 'vitest';
import { locationLabel, parseUnit, unitOf } from './units';

describe('units', () => {
  it('parses the deep-link unit syntax of itemLink()', () => {
    expect(parseUnit('step:3')).toEqual({ kind: 'step', id: '3' });
    expect(parseUnit('node:N1:a')).toEqual({ kind: 'node', id: 'N1:a' });
    expect(parseUnit('turn:')).toBeNull();
    expect(parseUnit('row:1')).toBeNull();
    expect(parseUnit(null)).toBeNull();
  });

  it('turns a finding location into a unit and back', () => {
    expect(unitOf({ step: 's2', field: 'depends_on' })).toBe('step:s2');
    expect(unitOf({ turn: 0 })).toBe('turn:0');
    expect(unitOf({ field: 'plan' })).toBeNull();
    expect(unitOf(null)).toBeNull();
    expect(parseUnit(unitOf({ edge: 'E1' }))).toEqual({ kind: 'edge', id: 'E1' });
  });

  it('labels locations for people', () => {
    expect(locationLabel(null)).toBe('whole item');
    expect(locationLabel({ step: '3', field: 'depends_on' })).toBe('step 3 · depends_on');
    expect(locationLabel({ version: 2, step: 's1' })).toBe('version 2 · step s1');
    expect(locationLabel({ turn: 0 })).toBe('turn 0');
  });
});
