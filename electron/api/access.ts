/**
 * Who may call a method, declared with the method in the contract (STYLE.md, "Access declared
 * with the method") and enforced once, in dispatch, before the service runs. Types and pure
 * checks only, so the renderer may import them as types and the CLI and transports share them.
 */

/** A person's standing in the workspace, weakest first. */
export type Role = 'anonymous' | 'annotator' | 'adjudicator' | 'lead';

/**
 * Who may call a method:
 * - `public`: anyone, even before saying who they are (lists of datasets, items, presets);
 * - `annotator`: any named person of the workspace;
 * - `adjudicator`: adjudicators and leads;
 * - `lead`: leads only;
 * - `{ assignedTo: 'task' }`: an annotator assigned to the task named by the `task` argument,
 *   or any adjudicator or lead.
 */
export type Access = 'public' | 'annotator' | 'adjudicator' | 'lead' | { assignedTo: 'task' };

/** Who is calling, as dispatch resolved it. `annotatorId` is null for the anonymous caller and for the workspace owner acting as lead without a name. */
export interface Caller {
  name: string | null;
  annotatorId: number | null;
  role: Role;
  /** Why a named person may not act (deactivated, or merged into another record); they are then anonymous. */
  inactive?: string;
}

/**
 * What a transport says about who is calling, before dispatch resolves it against the workspace:
 * - `{ name }`: the person chosen in the window (desktop, browser mode) or `--as NAME` (CLI);
 * - `{ owner: true }`: the workspace's owner at the command line with no `--as`: the workspace's
 *   lead (the first, when there are several), or an unnamed lead when it has none;
 * - `null`: nobody said; only public methods are open.
 */
export type Claim = { name: string } | { owner: true } | null;

const RANK: Record<Role, number> = { anonymous: 0, annotator: 1, adjudicator: 2, lead: 3 };

/** Whether `role` is at least `minimum`. */
export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

/** The role an access level requires at least (before any per-task rule). */
export function minimumRole(access: Access): Role {
  if (access === 'public') return 'anonymous';
  if (typeof access === 'object') return 'annotator';
  return access;
}

/** How an access level reads in a refusal ("leads", "adjudicators and leads", …). */
export function describeAccess(access: Access): string {
  if (access === 'public') return 'anyone';
  if (access === 'annotator') return 'named people of the workspace';
  if (access === 'adjudicator') return 'adjudicators and leads';
  if (access === 'lead') return 'leads';
  return "the task's annotators, its adjudicators and leads";
}
