import type { Scenario } from './model';
import { type JsonObject, optionalId, optionalString, own, requireArray, requireObject, shapeError, unknownFields } from './shape';

const SCENARIO_FIELDS = new Set(['type', 'scenario_type', 'journey', 'path', 'seed', 'persona', 'user_info', 'userInfo']);

/**
 * The scenario of a conversation record: the `scenario` object (`type`, `journey`, `seed`,
 * `persona`, `user_info`, others kept), completed by the same fields written at the top
 * level of the record (`scenario_type`, `journey`, `path` — the node path of the roles
 * format —, `seed`, `persona`, `user_info`). `null` when the record says nothing about one.
 *
 * @throws {FormatError} naming the field when one has the wrong type.
 */
export function readScenario(record: JsonObject, line: number | null): Scenario | null {
  const rawScenario = own(record, 'scenario');
  const nested = rawScenario === undefined || rawScenario === null ? null : requireObject(rawScenario, 'scenario', line);
  const pick = (keys: string[]): { value: unknown; field: string } | null => {
    for (const key of keys) {
      const fromNested = nested ? own(nested, key) : undefined;
      if (fromNested !== undefined && fromNested !== null) return { value: fromNested, field: `scenario.${key}` };
    }
    for (const key of keys) {
      const fromTop = key === 'type' ? undefined : own(record, key);
      if (fromTop !== undefined && fromTop !== null) return { value: fromTop, field: key };
    }
    return null;
  };

  const type = pick(['type', 'scenario_type']);
  const journey = pick(['journey', 'path']);
  const seed = pick(['seed']);
  const persona = pick(['persona']);
  const userInfo = pick(['user_info', 'userInfo']);
  const extra = nested ? unknownFields(nested, SCENARIO_FIELDS) : undefined;
  if (!nested && !type && !journey && !seed && !persona && !userInfo) return null;

  const scenario: Scenario = {
    type: type ? optionalString(type.value, type.field, line) : null,
    journey: journey ? readJourney(journey.value, journey.field, line) : null,
    seed: seed ? readSeed(seed.value, seed.field, line) : null,
    persona: persona ? persona.value : null,
    userInfo: userInfo ? requireObject(userInfo.value, userInfo.field, line) : null,
  };
  if (extra) scenario.extra = extra;
  return scenario;
}

/** Top-level record fields {@link readScenario} consumes (so they are not also kept as unknown). */
export const TOP_LEVEL_SCENARIO_FIELDS: readonly string[] = ['scenario', 'scenario_type', 'journey', 'path', 'seed', 'persona', 'user_info', 'userInfo'];

function readJourney(value: unknown, field: string, line: number | null): string[] {
  return requireArray(value, field, line).map((step, i) => {
    const id = optionalId(step, `${field}[${i}]`, line);
    if (id === null) throw shapeError(`${field}[${i}]`, 'a node id (string or number)', step, line);
    return id;
  });
}

function readSeed(value: unknown, field: string, line: number | null): string | number {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw shapeError(field, 'a string or a number', value, line);
}
