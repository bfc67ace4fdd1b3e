import type { AnnotatorRole } from '../../../../electron/api/contract';

/** Who is using this window: the annotator's name and the role they work in. */
export interface Identity {
  name: string;
  role: AnnotatorRole;
}

/** The localStorage key the identity is remembered under (per origin, so per workspace server in browser mode). */
export const IDENTITY_KEY = 'accord.identity';

const ROLES: readonly AnnotatorRole[] = ['annotator', 'adjudicator', 'lead'];

/** The remembered identity, or null when there is none or what is stored is not one. */
export function loadIdentity(storage: Pick<Storage, 'getItem'>): Identity | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(IDENTITY_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { name, role } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || !ROLES.includes(role as AnnotatorRole)) return null;
  return { name: name.trim(), role: role as AnnotatorRole };
}

/** Remembers the identity; null forgets it. */
export function saveIdentity(storage: Pick<Storage, 'setItem' | 'removeItem'>, identity: Identity | null): void {
  if (identity) storage.setItem(IDENTITY_KEY, JSON.stringify(identity));
  else storage.removeItem(IDENTITY_KEY);
}

/** Whether a role may see every rater's labels and set gold. */
export function canAdjudicate(role: AnnotatorRole): boolean {
  return role === 'adjudicator' || role === 'lead';
}

/** Whether a role may create tasks and add annotators to them. */
export function canManageTasks(role: AnnotatorRole): boolean {
  return role === 'lead';
}

/** How each role is named on screen, with what it may do. */
export const ROLE_TEXT: Record<AnnotatorRole, { label: string; help: string }> = {
  annotator: { label: 'Annotator', help: 'Labels items; sees other raters’ labels only when a lead opens the task for discussion.' },
  adjudicator: { label: 'Adjudicator', help: 'Also sees all labels side by side and settles disagreements into gold.' },
  lead: { label: 'Lead', help: 'Also creates tasks, assigns annotators and exchanges label packs.' },
};
