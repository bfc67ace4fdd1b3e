import { describe, expect, it } from 'vitest';
import { loadNoteDrafts, saveNoteDrafts, type DraftStorage } from './noteDrafts';

function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('note drafts', () => {
  it('keeps each item’s notes apart and forgets an item with none left', () => {
    const storage = memoryStorage();
    saveNoteDrafts(storage, 1, 7, { '\u0000overall_quality': 'ben misread step 2' });
    saveNoteDrafts(storage, 1, 8, { 'step:2\u0000step_tags': 'both tags apply' });
    expect(loadNoteDrafts(storage, 1, 7)).toEqual({ '\u0000overall_quality': 'ben misread step 2' });
    expect(loadNoteDrafts(storage, 2, 7)).toEqual({});
    saveNoteDrafts(storage, 1, 7, {});
    expect(loadNoteDrafts(storage, 1, 7)).toEqual({});
    expect(storage.map.size).toBe(1);
  });

  it('reads damaged storage as no drafts', () => {
    const storage = memoryStorage();
    storage.setItem('accord.adjudication.notes.1.7', '{not json');
    expect(loadNoteDrafts(storage, 1, 7)).toEqual({});
    storage.setItem('accord.adjudication.notes.1.7', JSON.stringify({ a: 'kept', b: 3 }));
    expect(loadNoteDrafts(storage, 1, 7)).toEqual({ a: 'kept' });
  });
});
