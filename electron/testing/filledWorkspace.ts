import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { dispatch } from '../services/dispatch';
import { importFiles } from '../services/import/importFiles';
import { openSession } from '../services/session';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import { startFakeOpenAiServer } from './fakeOpenAiServer';
import { FORMATS } from './fixtures';
import { answerPlanQuality, LEVELS, planQualityRunArgs, seedPlanTask } from './judgeFixtures';

/**
 * A workspace file with something in every kind of table, made through the services as a team
 * would make it: imported items and findings, a blind task labelled by two annotators (with an
 * undo), unanimous and adjudicated gold with an edit, a judge run on a fake endpoint (calls,
 * cache, the judge's labels), a discussion with a revised label (an original kept), a merged
 * annotator, a saved mapping and a dataset in the trash. Then a few rows no service writes today
 * but the schema allows — a 64-bit integer past 2^53, -0 and fractions in reals, quotes, newlines
 * and non-ASCII text — for the copy's encoding. For workspace copy tests (and engine tests later).
 *
 * @returns the file (closed: nothing holds it open) and its folder, to remove.
 */
export async function filledWorkspace(): Promise<{ file: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-filled-'));
  const file = path.join(dir, 'filled.accord');
  const session = openSession({ workspacePath: file });
  const server = await startFakeOpenAiServer({ respond: answerPlanQuality });
  try {
    const { ctx } = session;
    const api = async <M extends MethodName>(method: M, args: InputOf<M>, as?: string) => {
      const reply = await dispatch(ctx, method, args, as === undefined ? { owner: true } : { name: as });
      if (!reply.ok) throw new Error(`${method} as ${as ?? 'owner'}: ${reply.error.message}`);
      return reply.value as ResultOf<M>;
    };
    const { itemIds } = await seedPlanTask(ctx, 6, { annotators: ['ana', 'ben'] });
    await importFiles(ctx, [{ path: path.join(FORMATS, 'conversations-chat.jsonl'), displayName: 'conversations-chat.jsonl' }], { dataset: 'chats' });
    await api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
    await api('annotators.upsert', { name: 'Zoë “Z” Ølund', role: 'annotator' });

    // ana and ben label every item; they agree on the even ones.
    for (const [n, itemId] of itemIds.entries()) {
      await api('labels.save', { task: 'judged', itemId, question: 'overall_quality', value: LEVELS[n % 7], rationale: `ana on ${n}\nsecond line, "quoted"`, secondsSpent: 1.25 + n }, 'ana');
      await api('labels.save', { task: 'judged', itemId, question: 'overall_quality', value: LEVELS[(n + (n % 2)) % 7], secondsSpent: 0.1 * n }, 'ben');
      await api('labels.submit', { task: 'judged', itemId }, 'ana');
      await api('labels.submit', { task: 'judged', itemId }, 'ben');
    }
    // A change undone: a 'set' and an 'undo' event in the history.
    await api('labels.save', { task: 'judged', itemId: itemIds[0], question: 'overall_quality', value: LEVELS[6] }, 'ana');
    await api('labels.undo', { task: 'judged', itemId: itemIds[0] }, 'ana');

    await api('adjudication.acceptUnanimous', { task: 'judged' }, 'ada');
    await api('adjudication.setGold', { task: 'judged', itemId: itemIds[1], question: 'overall_quality', value: LEVELS[2], rationale: 'ada decides' }, 'ada');
    await api('adjudication.setGold', { task: 'judged', itemId: itemIds[1], question: 'overall_quality', value: LEVELS[3], reason: 'second look' }, 'ada');

    await api('judges.run', planQualityRunArgs(server.baseUrl) as InputOf<'judges.run'>);

    // Discussion: ben revises a label after seeing ana's, so its original is kept.
    await api('tasks.setDiscussion', { task: 'judged', open: true });
    await api('labels.save', { task: 'judged', itemId: itemIds[3], question: 'overall_quality', value: LEVELS[3] }, 'ben');

    await api('datasets.delete', { id: (await api('datasets.list', {})).find((d) => d.name === 'chats')!.id });
    await api('annotators.upsert', { name: 'ana2', role: 'annotator' });
    await api('annotators.merge', { from: 'ana2', into: 'ana', conflicts: 'keep-into', confirm: 'ana2' });

  } finally {
    await server.close();
    session.close();
  }
  // What no service writes today but the schema allows, for the copy's encoding (the session is
  // closed: its connections write only through the write path).
  const db = new Database(file);
  try {
    db.prepare("INSERT INTO import_mappings (name, kind, mapping_json, saved_by, created_at, updated_at) VALUES ('support-log', 'conversation', ?, NULL, 'now', 'now')").run('{"note":"tab\\there, \\"quotes\\", newline\\n, ünïcödé 🙂"}');
    db.prepare(
      "INSERT INTO judge_cache (request_hash, model, base_url, raw_response, content, prompt_tokens, completion_tokens, created_at) VALUES ('big', 'm', 'http://127.0.0.1:1', '{}', '', ?, ?, 'now')",
    ).run(2n ** 53n + 1n, -(2n ** 63n));
    db.prepare("UPDATE judge_calls SET latency_ms = -0.0, cost = 0.1 WHERE id = (SELECT min(id) FROM judge_calls)").run();
  } finally {
    db.close();
  }
  return { file, dir };
}
