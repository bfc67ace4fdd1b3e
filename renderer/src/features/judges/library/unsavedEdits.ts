import type { JudgeDefinition, JudgeInfo, JudgeIssue } from '../../../../../electron/api/contract';
import { navigation } from '../../../app/navigation';
import { judgeKey } from './useJudgeLibrary';

/** The parts of a judge the editor changes, named as its tabs and fields name them. */
const PARTS: [string, (judge: JudgeDefinition) => unknown][] = [
  ['system message', (j) => j.template.system],
  ['user message', (j) => j.template.user],
  ['response schema', (j) => j.output],
  ['mapping', (j) => j.mapping],
  ['sampling settings', (j) => j.sampling],
  ['id', (j) => j.id],
  ['title', (j) => j.title],
  ['description', (j) => j.description],
  ['label schema', (j) => j.schemaId],
  ['kinds it reads', (j) => j.kinds],
  ['request granularity', (j) => j.per],
];

/** What an unsaved draft changed in the stored judge, in words ("system message", "sampling settings"). */
export function changedParts(stored: JudgeDefinition, draft: JudgeDefinition): string[] {
  return PARTS.filter(([, read]) => JSON.stringify(read(stored)) !== JSON.stringify(read(draft))).map(([name]) => name);
}

/** Why a draft cannot be saved as it is (to follow "They cannot be saved as they are: "), or null when it can. */
export function unsavableReason(check: { issues: readonly JudgeIssue[]; checking: boolean; version: string | null }): string | null {
  if (check.checking) return 'they are still being checked';
  const [first] = check.issues;
  if (first) {
    const more = check.issues.length > 1 ? ` (and ${check.issues.length - 1} more)` : '';
    return `${first.path ? `${first.path}: ` : ''}${first.message.replace(/\.$/, '')}${more}`;
  }
  return check.version === null ? 'the engine does not accept them' : null;
}

/** `['a', 'b', 'c']` → "a, b and c". */
export function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The judge `#/judges[/:key]` shows: the one named, else the library's first (JudgesPage's rule). */
export function judgeAt(pathname: string, judges: readonly JudgeInfo[]): JudgeInfo | null {
  const match = /^\/judges(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return null;
  const key = match[1] === undefined ? null : safeDecode(match[1]);
  return (key !== null ? judges.find((j) => judgeKey(j) === key) : undefined) ?? judges[0] ?? null;
}

/**
 * Whether going to `pathname` leaves the judge open in the editor (`key`): another judge, or
 * another page. Going to the same judge by another address (`#/judges` for the first) keeps it.
 */
export function leavesJudge(pathname: string, key: string, judges: readonly JudgeInfo[]): boolean {
  const next = judgeAt(pathname, judges);
  return next === null || judgeKey(next) !== key;
}

/** Where a navigation goes, for the question before it: a judge by its title, a page by its menu name. */
export function destinationText(pathname: string, judges: readonly JudgeInfo[]): string {
  const judge = judgeAt(pathname, judges);
  if (judge) return `“${judge.title}”`;
  const entry = navigation.flatMap((section) => section.entries).find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  return entry ? `the ${entry.label} page` : 'another page';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
