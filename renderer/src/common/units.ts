import type { UnitLocation } from '../api/types';

const UNIT_KEYS = ['node', 'edge', 'step', 'turn'] as const;
/** The kinds of unit a deep link can select inside an item. */
export type UnitKind = (typeof UNIT_KEYS)[number];

/** A unit inside an item, as written in deep links: `step:3`, `node:N1`, `turn:4`. */
export interface UnitRef {
  kind: UnitKind;
  id: string;
}

/** `"step:3"` → `{ kind: 'step', id: '3' }`; null for anything else. */
export function parseUnit(text: string | null | undefined): UnitRef | null {
  if (!text) return null;
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const kind = text.slice(0, colon);
  const id = text.slice(colon + 1);
  if (!(UNIT_KEYS as readonly string[]).includes(kind) || id === '') return null;
  return { kind: kind as UnitKind, id };
}

/** The deep-link unit of a finding's location (`?unit=…`), or null for item-level findings. */
export function unitOf(location: UnitLocation | null): string | null {
  if (!location) return null;
  for (const key of UNIT_KEYS) {
    const value = location[key];
    if (value !== undefined && value !== null) return `${key}:${value}`;
  }
  return null;
}

/** A short human label: "step 3 · depends_on", "version 2 · step s1", "whole item". */
export function locationLabel(location: UnitLocation | null): string {
  if (!location) return 'whole item';
  const parts: string[] = [];
  if (location.version !== undefined) parts.push(`version ${location.version}`);
  for (const key of UNIT_KEYS) {
    const value = location[key];
    if (value !== undefined && value !== null) parts.push(`${key} ${value}`);
  }
  if (location.field) parts.push(location.field);
  return parts.length ? parts.join(' · ') : 'whole item';
}
