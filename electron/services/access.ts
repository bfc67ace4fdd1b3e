import { contract, type MethodName } from '../api/contract';
import { describeAccess, hasRole, minimumRole, type Access, type Caller, type Claim } from '../api/access';
import { annotatorByName, listAnnotators } from '../../db/queries/annotators';
import { isTaskAnnotator, taskById, taskByName } from '../../db/queries/tasks';
import type { AnyDb } from '../../db/sql/sqliteSqlDb';
import { ANONYMOUS } from './context';
import { ForbiddenError } from './errors';
import { inactiveReason } from './annotation/annotators';

/*
 * The one place where "who may call this" is decided (STYLE.md, "Access declared with the
 * method"): each contract entry declares its access, the transport says who is calling (a
 * Claim), and dispatch resolves the claim here and checks the declaration before any service
 * runs. Anything not declared, or a caller that cannot be resolved, is refused: it fails closed.
 */

/**
 * Every contract method with a declared access, or an error naming those without. Transports
 * call this at start-up so a method added without a rule can never be served (the type system
 * already refuses it at build time; this guards against casts and hand-built tables).
 */
export function assertAccessDeclared(methods: Record<string, { access?: unknown }> = contract): void {
  const missing = Object.entries(methods)
    .filter(([, spec]) => !isAccess(spec.access))
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`API methods without a declared access rule: ${missing.join(', ')}`);
}

function isAccess(value: unknown): value is Access {
  if (value === 'public' || value === 'annotator' || value === 'adjudicator' || value === 'lead') return true;
  return typeof value === 'object' && value !== null && (value as { assignedTo?: unknown }).assignedTo === 'task';
}

/**
 * Who a claim names, by the workspace's records: a named person with their role; the owner at the
 * command line as the workspace's first lead (or an unnamed lead when there is none); anyone
 * else, including a name the workspace does not know yet, as anonymous.
 */
export function resolveCaller(db: AnyDb, claim: Claim): Caller {
  if (claim === null) return ANONYMOUS;
  if ('owner' in claim) {
    const lead = listAnnotators(db).find((a) => a.role === 'lead' && a.active === 1);
    return lead ? { name: lead.name, annotatorId: lead.id, role: 'lead' } : { name: null, annotatorId: null, role: 'lead' };
  }
  const person = annotatorByName(db, claim.name.trim());
  // A deactivated (or merged) person is nobody: no one can act as them.
  if (person && person.active !== 1) return { ...ANONYMOUS, name: person.name, inactive: inactiveReason(db, person) };
  return person ? { name: person.name, annotatorId: person.id, role: person.role } : { ...ANONYMOUS, name: claim.name.trim() };
}

/**
 * Refuses the call unless `caller` meets the method's declared access.
 *
 * @throws ForbiddenError saying who may call the method and who the caller is.
 */
export function checkAccess(db: AnyDb, method: MethodName, args: unknown, caller: Caller): void {
  const { access, reason } = contract[method] as { access: Access; reason?: string };
  if (access === 'public') return;
  if (!hasRole(caller.role, minimumRole(access))) {
    throw new ForbiddenError(`${reason ? `${reason}, so ` : ''}${method} is for ${describeAccess(access)}; ${callerText(caller)}`);
  }
  if (typeof access === 'object' && !hasRole(caller.role, 'adjudicator')) {
    const ref = typeof args === 'object' && args !== null ? (args as { task?: unknown }).task : undefined;
    const task = typeof ref === 'number' ? taskById(db, ref) : typeof ref === 'string' ? taskByName(db, ref) : undefined;
    // An unknown task is the service's to report (not-found), not a reason to refuse.
    if (task && caller.annotatorId !== null && !isTaskAnnotator(db, task.id, caller.annotatorId)) {
      throw new ForbiddenError(`${caller.name} is not an annotator of task "${task.name}"; ${method} is for ${describeAccess(access)}`);
    }
  }
}

function callerText(caller: Caller): string {
  if (caller.inactive) return caller.inactive;
  if (caller.role === 'anonymous') {
    return caller.name === null
      ? 'say who you are first (the app asks "Who are you?"; the CLI takes --as NAME)'
      : `"${caller.name}" is not a person of this workspace yet (say who you are first)`;
  }
  return `${caller.name ?? 'the caller'} is ${caller.role === 'annotator' ? 'an annotator' : `${caller.role === 'adjudicator' ? 'an adjudicator' : 'a lead'}`}`;
}
