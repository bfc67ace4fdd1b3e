import type { JudgeInfo } from '../../api/contract';
import { ensureJudge, listJudges, type JudgeRecord } from '../../../db/queries/judges';
import { judgeToJson, judgeVersion, parseJudge, validateJudge } from '../../core/judges/judgeJson';
import type { JudgeDefinition } from '../../core/judges/model';
import { JUDGE_PRESETS } from '../../core/judges/presets';
import type { ServiceContext } from '../context';
import { InvalidInputError } from '../errors';

const presetInfo = (judge: JudgeDefinition): JudgeInfo => ({
  id: judge.id,
  title: judge.title,
  description: judge.description,
  schemaId: judge.schemaId,
  version: judgeVersion(judge),
  origin: 'preset',
  savedAt: null,
  definition: structuredClone(judge),
});

const storedInfo = (row: JudgeRecord): JudgeInfo => {
  const definition = parseJudge(JSON.parse(row.definition));
  return { id: row.name, title: row.title, description: definition.description, schemaId: row.schema_id, version: row.version, origin: 'workspace', savedAt: row.created_at, definition };
};

/** Accord's preset judges, with their versions. */
export function presetJudges(): JudgeInfo[] {
  return Object.values(JUDGE_PRESETS).map(presetInfo);
}

/**
 * The judge library: the presets, then every judge version stored in the workspace (imported,
 * edited, or used by a run), newest first. A stored copy of a preset's own version is the
 * preset and is listed once, as the preset.
 */
export function judgeLibrary(ctx: ServiceContext): JudgeInfo[] {
  const presets = presetJudges();
  const isPreset = new Set(presets.map((p) => `${p.id}@${p.version}`));
  return [...presets, ...listJudges(ctx.sql).filter((row) => !isPreset.has(`${row.name}@${row.version}`)).map(storedInfo)];
}

/**
 * Stores a judge (imported or edited) in the workspace so the library keeps it. A version
 * already stored stays as it was: the version hash covers everything that decides answers.
 *
 * @throws InvalidInputError listing every problem of invalid judge JSON, with its path.
 */
export async function saveJudge(ctx: ServiceContext, json: unknown): Promise<JudgeInfo> {
  const result = validateJudge(json);
  if (!result.ok) throw new InvalidInputError(`invalid judge: ${result.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
  const judge = result.judge;
  const row = await ctx.sqlWrite((db) =>
    ensureJudge(db, { name: judge.id, version: judgeVersion(judge), title: judge.title, schema_id: judge.schemaId, definition: judgeToJson(judge) }),
  );
  return storedInfo(row);
}
