/** The part of `Storage` the drafts use (sessionStorage in the app, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (task: number, item: number) => `accord.adjudication.notes.${task}.${item}`;

/**
 * Gold notes typed and not saved yet, per task and item, for this window's session: a note
 * written before gold is chosen survives moving to another item and back (the item's screen
 * is remounted) and is saved with the gold when it is chosen. Keys are `unit\0question`.
 */
export function loadNoteDrafts(storage: DraftStorage, task: number, item: number): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(task, item)) ?? '{}');
    return parsed && typeof parsed === 'object' ? Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
  } catch {
    return {};
  }
}

/** Remembers the drafts of one item (none left: forgets the item). */
export function saveNoteDrafts(storage: DraftStorage, task: number, item: number, drafts: Record<string, string>): void {
  if (Object.keys(drafts).length === 0) storage.removeItem(keyOf(task, item));
  else storage.setItem(keyOf(task, item), JSON.stringify(drafts));
}
