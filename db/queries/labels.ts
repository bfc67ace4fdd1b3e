import type { Db } from '../workspace';

/** Which label: one rater's answer to one question on one unit of one item of one task. */
export interface LabelKey {
  taskId: number;
  itemId: number;
  unit: string;
  question: string;
  raterId: number;
}

/** A label's answer as stored: `value` is JSON text (null when N/A). */
export interface StoredAnswer {
  value: string | null;
  na: boolean;
  rationale: string | null;
}

/** A current label, with its rater's name and kind and its item's identity. */
export interface LabelRecord {
  id: number;
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  rater_id: number;
  rater: string;
  rater_kind: 'human' | 'judge';
  value: string | null;
  na: number;
  rationale: string | null;
  seconds_spent: number;
  event_id: number;
  created_at: string;
  updated_at: string;
  external_id: string;
  dataset: string;
  /** 1 when the label was made on an earlier version of its item (a re-import changed it since). */
  earlier_version: number;
}

/** Where a label change came from. */
export type LabelSource = 'ui' | 'csv' | 'jsonl' | 'pack' | 'judge';

/** A row of `label_events`. */
export interface LabelEventRecord {
  id: number;
  uid: string;
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  rater_id: number;
  action: 'set' | 'clear' | 'undo';
  value: string | null;
  na: number;
  rationale: string | null;
  seconds_spent: number;
  previous: string | null;
  undoes_event_id: number | null;
  visible_raters: string | null;
  /** JSON {@link EventVisibility}; null when not recorded. */
  visible: string | null;
  source: LabelSource;
  pack_import_id: number | null;
  applied: number;
  made_at: string;
  recorded_at: string;
  /** The item's content hash when the event was recorded (0090); null: an earlier version, not kept. */
  item_hash: string | null;
}

/**
 * What the rater saw when they made a change (migration 0070): other raters' answers on the
 * item, the item's automatic scores, and whether the task was open for discussion.
 */
export interface EventVisibility {
  others: boolean;
  scores: boolean;
  discussion: boolean;
}

/** A label event to append. `answer: null` records a removal. */
export interface LabelEventWrite {
  uid: string;
  key: LabelKey;
  action: 'set' | 'clear' | 'undo';
  answer: StoredAnswer | null;
  secondsSpent: number;
  /** The answer this event replaced, null when there was none. */
  previous: StoredAnswer | null;
  undoesEventId?: number | null;
  /** Rater names whose labels were visible; null when not recorded. */
  visibleRaters: string[] | null;
  /** What was visible; null (the default) when not recorded. */
  visible?: EventVisibility | null;
  source: LabelSource;
  packImportId?: number | null;
  /** False for an edit kept in history only (it arrived older than the current label). */
  applied?: boolean;
  madeAt: string;
}

// A label "made on an earlier version" is one whose item_hash (the item's content hash when it
// was made, migration 0090) is not the item's content hash now: a re-import changed the item.
const LABEL_COLUMNS = `l.id, l.task_id, l.item_id, l.unit, l.question, l.rater_id, r.name AS rater, r.kind AS rater_kind, l.value,
  l.na, l.rationale, l.seconds_spent, l.event_id, l.created_at, l.updated_at, i.external_id, d.name AS dataset,
  (l.item_hash IS NOT i.content_hash) AS earlier_version`;
// Labels of a judge run in the trash (0090) are hidden from every reader, like its run.
const LABEL_FROM = `labels l JOIN raters r ON r.id = l.rater_id
    AND (r.judge_run_id IS NULL OR r.judge_run_id NOT IN (SELECT id FROM judge_runs WHERE state <> 'active'))
  JOIN items i ON i.id = l.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'`;

/**
 * Prepared statements for labels, their events and submissions. Prepared once per use site:
 * label imports call them per row. The one place labels are written: every label and event
 * records the content hash of its item as it is now (the version it was made on).
 */
export function labelQueries(db: Db) {
  const keyWhere = 'l.task_id = @taskId AND l.item_id = @itemId AND l.unit = @unit AND l.question = @question AND l.rater_id = @raterId';
  const get = db.prepare(`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE ${keyWhere}`);
  const insertEvent = db.prepare(
    `INSERT INTO label_events (uid, task_id, item_id, unit, question, rater_id, action, value, na, rationale, seconds_spent,
                               previous, undoes_event_id, visible_raters, visible, source, pack_import_id, applied, made_at, recorded_at, item_hash)
     VALUES (@uid, @taskId, @itemId, @unit, @question, @raterId, @action, @value, @na, @rationale, @secondsSpent,
             @previous, @undoesEventId, @visibleRaters, @visible, @source, @packImportId, @applied, @madeAt, @recordedAt,
             (SELECT content_hash FROM items WHERE id = @itemId))`,
  );
  const upsert = db.prepare(
    `INSERT INTO labels (task_id, item_id, unit, question, rater_id, value, na, rationale, seconds_spent, event_id, created_at, updated_at, item_hash)
     VALUES (@taskId, @itemId, @unit, @question, @raterId, @value, @na, @rationale, @seconds, @eventId, @createdAt, @madeAt,
             (SELECT content_hash FROM items WHERE id = @itemId))
     ON CONFLICT (task_id, item_id, unit, question, rater_id) DO UPDATE SET
       value = excluded.value, na = excluded.na, rationale = excluded.rationale, seconds_spent = @seconds,
       event_id = excluded.event_id, updated_at = excluded.updated_at, item_hash = excluded.item_hash`,
  );
  const remove = db.prepare(
    'DELETE FROM labels WHERE task_id = @taskId AND item_id = @itemId AND unit = @unit AND question = @question AND rater_id = @raterId',
  );
  const ofItem = db.prepare(`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE l.task_id = ? AND l.item_id = ? ORDER BY r.name, l.question, l.unit`);
  const ofTask = db.prepare(`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE l.task_id = ? ORDER BY l.item_id, l.unit, l.question, r.name`);
  const ofTaskQuestion = db.prepare(`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE l.task_id = ? AND l.question = ? ORDER BY l.item_id, l.unit, r.name`);
  const ofRater = db.prepare(`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE l.task_id = ? AND l.rater_id = ? ORDER BY l.item_id, l.unit, l.question`);
  const eventsOnItem = db.prepare('SELECT * FROM label_events WHERE task_id = ? AND item_id = ? AND rater_id = ? ORDER BY id DESC');
  const eventByUid = db.prepare('SELECT * FROM label_events WHERE uid = ?');
  const eventById = db.prepare('SELECT * FROM label_events WHERE id = ?');
  const lastEventsOfRater = db.prepare(
    `SELECT e.* FROM label_events e
     WHERE e.task_id = ? AND e.rater_id = ? AND e.applied = 1
       AND e.id = (SELECT max(id) FROM label_events x WHERE x.task_id = e.task_id AND x.item_id = e.item_id AND x.unit = e.unit
                   AND x.question = e.question AND x.rater_id = e.rater_id AND x.applied = 1)`,
  );
  const submit = db.prepare('INSERT OR IGNORE INTO submissions (task_id, item_id, rater_id, submitted_at, source) VALUES (?, ?, ?, ?, ?)');
  const submission = db.prepare('SELECT submitted_at FROM submissions WHERE task_id = ? AND item_id = ? AND rater_id = ?');
  const submittedRaters = db.prepare('SELECT rater_id FROM submissions WHERE task_id = ? AND item_id = ?');
  const submissionsOfTask = db.prepare('SELECT item_id, rater_id, submitted_at FROM submissions WHERE task_id = ?');
  const submissionsOfRater = db.prepare('SELECT item_id, submitted_at FROM submissions WHERE task_id = ? AND rater_id = ?');

  return {
    get: (key: LabelKey) => get.get(key) as LabelRecord | undefined,
    /** Appends an event; returns its id. */
    insertEvent(event: LabelEventWrite): number {
      return Number(
        insertEvent.run({
          uid: event.uid,
          ...event.key,
          action: event.action,
          value: event.answer?.value ?? null,
          na: event.answer?.na ? 1 : 0,
          rationale: event.answer?.rationale ?? null,
          secondsSpent: event.secondsSpent,
          previous: event.previous ? JSON.stringify(event.previous) : null,
          undoesEventId: event.undoesEventId ?? null,
          visibleRaters: event.visibleRaters ? JSON.stringify(event.visibleRaters) : null,
          visible: event.visible ? JSON.stringify(event.visible) : null,
          source: event.source,
          packImportId: event.packImportId ?? null,
          applied: event.applied === false ? 0 : 1,
          madeAt: event.madeAt,
          recordedAt: new Date().toISOString(),
        }).lastInsertRowid,
      );
    },
    /**
     * Makes `answer` the current label; `seconds` is the label's new total, `createdAt` (for a
     * label new here) defaults to `madeAt`.
     */
    put(key: LabelKey, answer: StoredAnswer, eventId: number, madeAt: string, seconds: number, createdAt = madeAt): void {
      upsert.run({ ...key, value: answer.value, na: answer.na ? 1 : 0, rationale: answer.rationale, seconds, eventId, madeAt, createdAt });
    },
    remove: (key: LabelKey) => void remove.run(key),
    ofItem: (taskId: number, itemId: number) => ofItem.all(taskId, itemId) as LabelRecord[],
    ofTask: (taskId: number, question?: string) =>
      (question === undefined ? ofTask.all(taskId) : ofTaskQuestion.all(taskId, question)) as LabelRecord[],
    ofRater: (taskId: number, raterId: number) => ofRater.all(taskId, raterId) as LabelRecord[],
    /** A rater's events on an item, newest first. */
    eventsOnItem: (taskId: number, itemId: number, raterId: number) => eventsOnItem.all(taskId, itemId, raterId) as LabelEventRecord[],
    eventByUid: (uid: string) => eventByUid.get(uid) as LabelEventRecord | undefined,
    eventById: (id: number) => eventById.get(id) as LabelEventRecord | undefined,
    /** The latest applied event of each of a rater's labels in a task (including removed ones). */
    lastEventsOfRater: (taskId: number, raterId: number) => lastEventsOfRater.all(taskId, raterId) as LabelEventRecord[],
    /** Records a submission; false when the rater had already submitted the item. */
    submit: (taskId: number, itemId: number, raterId: number, at: string, source: LabelSource) =>
      submit.run(taskId, itemId, raterId, at, source).changes > 0,
    submittedAt: (taskId: number, itemId: number, raterId: number) =>
      (submission.get(taskId, itemId, raterId) as { submitted_at: string } | undefined)?.submitted_at ?? null,
    submittedRaters: (taskId: number, itemId: number) => new Set((submittedRaters.all(taskId, itemId) as { rater_id: number }[]).map((r) => r.rater_id)),
    submissionsOfTask: (taskId: number) => submissionsOfTask.all(taskId) as { item_id: number; rater_id: number; submitted_at: string }[],
    submissionsOfRater: (taskId: number, raterId: number) => submissionsOfRater.all(taskId, raterId) as { item_id: number; submitted_at: string }[],
  };
}

export type LabelQueries = ReturnType<typeof labelQueries>;

/** The task's labels made on an earlier version of their item (few: a re-import flags them until re-saved). */
export function labelsOnEarlierVersions(db: Db, taskId: number): { item_id: number; rater: string; rater_kind: 'human' | 'judge' }[] {
  return db
    .prepare(`SELECT l.item_id, r.name AS rater, r.kind AS rater_kind FROM ${LABEL_FROM} WHERE l.task_id = ? AND l.item_hash IS NOT i.content_hash`)
    .all(taskId) as { item_id: number; rater: string; rater_kind: 'human' | 'judge' }[];
}
