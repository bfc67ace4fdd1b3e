import { judgeById, runById } from '../../../db/queries/judges';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import { JUDGE_PRESET_IDS, judgePreset } from '../../core/judges/presets';
import { parseJudge, validateJudge } from '../../core/judges/judgeJson';
import type { JudgeDefinition } from '../../core/judges/model';
import { PRESET_NAMES } from '../../core/schemas/presets';
import { InvalidInputError, NotFoundError } from '../errors';

/** Which judge: a preset (judge id or annotation preset name), judge JSON, or an earlier run's judge. */
export type JudgeSource = { preset: string } | { json: unknown } | { run: number };

/**
 * The judge a caller names.
 *
 * @throws NotFoundError for an unknown preset or run; InvalidInputError for judge JSON with
 *   problems, listing each with its path.
 */
export function resolveJudge(db: AnyDb, source: JudgeSource): JudgeDefinition {
  if ('preset' in source) {
    const judge = judgePreset(source.preset);
    if (!judge) {
      throw new NotFoundError(`no preset judge "${source.preset}" (judges: ${JUDGE_PRESET_IDS.join(', ')}; or an annotation preset: ${PRESET_NAMES.join(', ')})`);
    }
    return judge;
  }
  if ('json' in source) {
    const result = validateJudge(source.json);
    if (!result.ok) throw new InvalidInputError(`invalid judge: ${result.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    return result.judge;
  }
  const run = runById(db, source.run);
  if (!run) throw new NotFoundError(`no judge run ${source.run}`);
  return parseJudge(JSON.parse(judgeById(db, run.judge_id)!.definition));
}
