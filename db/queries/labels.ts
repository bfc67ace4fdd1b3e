import { sql, type RawBuilder } from 'kysely';
import type { CopyValue } from '../sql/copyText';
import { asSql, type AnyDb } from '../sql/sqliteSqlDb';
import { statementBatches } from '../sql/statementBatches';
import type { StoredRow } from '../sql/storedRow';
import { labelKeyText } from './blindness';

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
export type LabelEventRecord = StoredRow<
  'label_events',
  {
    action: 'set' | 'clear' | 'undo';
    /** JSON {@link EventVisibility}; null when not recorded. */
    visible: string | null;
    source: LabelSource;
    /** The item's content hash when the event was recorded (0090); null: an earlier version, not kept. */
    item_hash: string | null;
  }
>;

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
const LABEL_COLUMNS = sql`l.id, l.task_id, l.item_id, l.unit, l.question, l.rater_id, r.name AS rater, r.kind AS rater_kind, l.value,
  l.na, l.rationale, l.seconds_spent, l.event_id, l.created_at, l.updated_at, i.external_id, d.name AS dataset,
  (l.item_hash IS DISTINCT FROM i.content_hash) AS earlier_version`;
// Labels of a judge run in the trash (0090) are hidden from every reader, like its run.
const LABEL_FROM = sql`labels l JOIN raters r ON r.id = l.rater_id
    AND (r.judge_run_id IS NULL OR r.judge_run_id NOT IN (SELECT id FROM judge_runs WHERE state <> 'active'))
  JOIN items i ON i.id = l.item_id JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'`;

/** Current labels (with rater and item) matching `where`, in `order`. */
function labelsWhere(where: RawBuilder<unknown>, order: RawBuilder<unknown> = sql``): RawBuilder<LabelRecord> {
  return sql<LabelRecord>`SELECT ${LABEL_COLUMNS} FROM ${LABEL_FROM} WHERE ${where} ${order}`;
}

const keyWhere = (key: LabelKey) =>
  sql`l.task_id = ${key.taskId} AND l.item_id = ${key.itemId} AND l.unit = ${key.unit} AND l.question = ${key.question} AND l.rater_id = ${key.raterId}`;

/**
 * Labels, their events and submissions, on the query layer (both engines; SQLite keeps each
 * statement prepared per connection, so label imports calling these per row stay fast). The one
 * place labels are written: every label and event records the content hash of its item as it is
 * now (the version it was made on).
 */
export function labelQueries(conn: AnyDb) {
  const db = asSql(conn);
  const events = () => db.q.selectFrom('label_events').selectAll();
  /** The content hash of each item (the version a label or event is made on). */
  const itemHashes = (itemIds: readonly number[]): Map<number, string | null> =>
    new Map(db.all(db.q.selectFrom('items').select(['id', 'content_hash']).where('id', 'in', [...new Set(itemIds)])).map((r) => [r.id, r.content_hash]));
  /** An item's version as a column value: its hash when looked up, else a subquery in the statement. */
  const versionOf = (hashes: Map<number, string | null> | null, itemId: number) => (hashes ? (hashes.get(itemId) ?? null) : sql`(SELECT content_hash FROM items WHERE id = ${itemId})`);
  const eventRow = (event: LabelEventWrite, recordedAt: string, hashes: Map<number, string | null> | null) => {
    const { key } = event;
    return [
      event.uid, key.taskId, key.itemId, key.unit, key.question, key.raterId, event.action,
      event.answer?.value ?? null, event.answer?.na ? 1 : 0, event.answer?.rationale ?? null, event.secondsSpent,
      event.previous ? JSON.stringify(event.previous) : null, event.undoesEventId ?? null,
      event.visibleRaters ? JSON.stringify(event.visibleRaters) : null, event.visible ? JSON.stringify(event.visible) : null,
      event.source, event.packImportId ?? null, event.applied === false ? 0 : 1, event.madeAt, recordedAt, versionOf(hashes, key.itemId),
    ] as const;
  };
  const insertEvents = (batch: readonly LabelEventWrite[]): Map<string, number> => {
    const ids = new Map<string, number>();
    const recordedAt = new Date().toISOString();
    for (const part of rowBatches(batch)) {
      if (part.length < BULK_ROWS) {
        // A save's event or a few: one statement (one round trip on PostgreSQL).
        const rows = db.all(sql<{ id: number; uid: string }>`
          INSERT INTO label_events (${sql.raw(EVENT_COLUMNS.join(', '))})
          VALUES ${sql.join(part.map((event) => sql`(${sql.join(eventRow(event, recordedAt, null))})`))}
          RETURNING id, uid`);
        for (const row of rows) ids.set(row.uid, Number(row.id));
        continue;
      }
      // Many: as the engine takes rows fastest (COPY; a prepared INSERT per row on SQLite, where a
      // multi-row INSERT … RETURNING took twice as long), then their ids by uid.
      const hashes = itemHashes(part.map((event) => event.key.itemId));
      db.copyRows('label_events', EVENT_COLUMNS, part.map((event) => eventRow(event, recordedAt, hashes) as readonly CopyValue[]));
      const rows = db.all(db.q.selectFrom('label_events').select(['id', 'uid']).where('uid', 'in', part.map((event) => event.uid)));
      for (const row of rows) ids.set(row.uid, Number(row.id));
    }
    return ids;
  };
  const putLabels = (batch: readonly LabelPut[]): void => {
    for (const part of rowBatches(batch)) {
      const hashes = part.length < BULK_ROWS ? null : itemHashes(part.map((put) => put.key.itemId));
      const row = ({ key, answer, eventId, madeAt, seconds, createdAt }: LabelPut) =>
        [key.taskId, key.itemId, key.unit, key.question, key.raterId, answer.value, answer.na ? 1 : 0, answer.rationale, seconds, eventId, createdAt ?? madeAt, madeAt, versionOf(hashes, key.itemId)] as const;
      // Many labels new to the workspace are plain inserts on SQLite, the fastest it takes them
      // (its one writer read them absent in this write). On PostgreSQL every label is an upsert: a
      // label another server made meanwhile then fails to serialize, and the write runs again.
      const fresh = hashes && db.engine === 'sqlite' ? part.filter((put) => put.fresh) : [];
      if (fresh.length > 0) db.copyRows('labels', LABEL_PUT_COLUMNS, fresh.map((put) => row(put) as readonly CopyValue[]));
      const upserts = fresh.length === 0 ? part : part.filter((put) => !put.fresh);
      if (upserts.length === 0) continue;
      db.run(sql`
        INSERT INTO labels (${sql.raw(LABEL_PUT_COLUMNS.join(', '))})
        VALUES ${sql.join(upserts.map((put) => sql`(${sql.join(row(put))})`))}
        ON CONFLICT (task_id, item_id, unit, question, rater_id) DO UPDATE SET
          value = excluded.value, na = excluded.na, rationale = excluded.rationale, seconds_spent = excluded.seconds_spent,
          event_id = excluded.event_id, updated_at = excluded.updated_at, item_hash = excluded.item_hash`);
    }
  };

  return {
    get: (key: LabelKey) => db.one(labelsWhere(keyWhere(key))),
    /**
     * The current labels of `keys` (of one task), by {@link taskLabelKeyText}: one query per few
     * hundred keys, where `get` is one per key (a round trip each on PostgreSQL).
     */
    getMany(keys: readonly LabelKey[]): Map<string, LabelRecord> {
      const found = new Map<string, LabelRecord>();
      const wanted = new Set(keys.map(taskLabelKeyText));
      for (const part of rowBatches(keys)) {
        const distinct = <T>(values: T[]) => sql.join([...new Set(values)]);
        const where = sql`l.task_id = ${part[0].taskId} AND l.item_id IN (${distinct(part.map((k) => k.itemId))}) AND l.rater_id IN (${distinct(part.map((k) => k.raterId))})
          AND l.unit IN (${distinct(part.map((k) => k.unit))}) AND l.question IN (${distinct(part.map((k) => k.question))})`;
        if (part.some((k) => k.taskId !== part[0].taskId)) throw new Error('getMany: keys of one task only');
        for (const label of db.all(labelsWhere(where))) {
          const text = labelKeyText(label);
          if (wanted.has(text)) found.set(text, label);
        }
      }
      return found;
    },
    /** Appends an event; returns its id. */
    insertEvent: (event: LabelEventWrite): number => insertEvents([event]).get(event.uid)!,
    /** Appends events (a few hundred rows per statement); returns their ids by uid. */
    insertEvents,
    /**
     * Makes `answer` the current label; `seconds` is the label's new total, `createdAt` (for a
     * label new here) defaults to `madeAt`.
     */
    put(key: LabelKey, answer: StoredAnswer, eventId: number, madeAt: string, seconds: number, createdAt = madeAt): void {
      putLabels([{ key, answer, eventId, madeAt, seconds, createdAt }]);
    },
    /** `put` of many labels, each key at most once (a few hundred rows per statement). */
    putMany: putLabels,
    remove: (key: LabelKey) =>
      void db.run(
        db.q
          .deleteFrom('labels')
          .where('task_id', '=', key.taskId)
          .where('item_id', '=', key.itemId)
          .where('unit', '=', key.unit)
          .where('question', '=', key.question)
          .where('rater_id', '=', key.raterId),
      ),
    ofItem: (taskId: number, itemId: number) => db.all(labelsWhere(sql`l.task_id = ${taskId} AND l.item_id = ${itemId}`, sql`ORDER BY r.name, l.question, l.unit`)),
    ofTask: (taskId: number, question?: string) =>
      db.all(
        question === undefined
          ? labelsWhere(sql`l.task_id = ${taskId}`, sql`ORDER BY l.item_id, l.unit, l.question, r.name`)
          : labelsWhere(sql`l.task_id = ${taskId} AND l.question = ${question}`, sql`ORDER BY l.item_id, l.unit, r.name`),
      ),
    ofRater: (taskId: number, raterId: number) => db.all(labelsWhere(sql`l.task_id = ${taskId} AND l.rater_id = ${raterId}`, sql`ORDER BY l.item_id, l.unit, l.question`)),
    /** A rater's events on an item, newest first. */
    eventsOnItem: (taskId: number, itemId: number, raterId: number) =>
      db.all(events().where('task_id', '=', taskId).where('item_id', '=', itemId).where('rater_id', '=', raterId).orderBy('id', 'desc')) as LabelEventRecord[],
    eventByUid: (uid: string) => db.one(events().where('uid', '=', uid)) as LabelEventRecord | undefined,
    eventById: (id: number) => db.one(events().where('id', '=', id)) as LabelEventRecord | undefined,
    /** The latest applied event of each of a rater's labels in a task (including removed ones). */
    lastEventsOfRater: (taskId: number, raterId: number) =>
      db.all(sql<LabelEventRecord>`
        SELECT e.* FROM label_events e
        WHERE e.task_id = ${taskId} AND e.rater_id = ${raterId} AND e.applied = 1
          AND e.id = (SELECT max(id) FROM label_events x WHERE x.task_id = e.task_id AND x.item_id = e.item_id AND x.unit = e.unit
                      AND x.question = e.question AND x.rater_id = e.rater_id AND x.applied = 1)`),
    /** Records a submission; false when the rater had already submitted the item. */
    submit: (taskId: number, itemId: number, raterId: number, at: string, source: LabelSource) =>
      db.run(
        db.q
          .insertInto('submissions')
          .values({ task_id: taskId, item_id: itemId, rater_id: raterId, submitted_at: at, source })
          .onConflict((oc) => oc.doNothing()),
      ) > 0,
    /** Records submissions, each (item, rater) at most once; returns how many are new (the others had been submitted). */
    submitMany(taskId: number, submissions: readonly { itemId: number; raterId: number; at: string }[], source: LabelSource): number {
      let added = 0;
      for (const part of rowBatches(submissions)) {
        added += db.run(
          db.q
            .insertInto('submissions')
            .values(part.map((s) => ({ task_id: taskId, item_id: s.itemId, rater_id: s.raterId, submitted_at: s.at, source })))
            .onConflict((oc) => oc.doNothing()),
        );
      }
      return added;
    },
    submittedAt: (taskId: number, itemId: number, raterId: number) =>
      db.one(db.q.selectFrom('submissions').select('submitted_at').where('task_id', '=', taskId).where('item_id', '=', itemId).where('rater_id', '=', raterId))
        ?.submitted_at ?? null,
    submittedRaters: (taskId: number, itemId: number) =>
      new Set(db.all(db.q.selectFrom('submissions').select('rater_id').where('task_id', '=', taskId).where('item_id', '=', itemId)).map((r) => r.rater_id)),
    submissionsOfTask: (taskId: number) => db.all(db.q.selectFrom('submissions').select(['item_id', 'rater_id', 'submitted_at']).where('task_id', '=', taskId)),
    submissionsOfRater: (taskId: number, raterId: number) =>
      db.all(db.q.selectFrom('submissions').select(['item_id', 'submitted_at']).where('task_id', '=', taskId).where('rater_id', '=', raterId)),
  };
}

export type LabelQueries = ReturnType<typeof labelQueries>;

/** A label to make current (see `put`). */
export interface LabelPut {
  key: LabelKey;
  /** The label was read absent in this write: it can be inserted rather than upserted. */
  fresh?: boolean;
  answer: StoredAnswer;
  eventId: number;
  madeAt: string;
  /** The label's new total. */
  seconds: number;
  /** For a label new here; `madeAt` by default. */
  createdAt?: string;
}

const EVENT_COLUMNS = [
  'uid', 'task_id', 'item_id', 'unit', 'question', 'rater_id', 'action', 'value', 'na', 'rationale', 'seconds_spent',
  'previous', 'undoes_event_id', 'visible_raters', 'visible', 'source', 'pack_import_id', 'applied', 'made_at', 'recorded_at', 'item_hash',
];
const LABEL_PUT_COLUMNS = ['task_id', 'item_id', 'unit', 'question', 'rater_id', 'value', 'na', 'rationale', 'seconds_spent', 'event_id', 'created_at', 'updated_at', 'item_hash'];

/** A label key of a task as one string, for maps of its labels: blindness.ts' labelKeyText of the same label's row. */
export function taskLabelKeyText(key: LabelKey): string {
  return labelKeyText({ item_id: key.itemId, unit: key.unit, question: key.question, rater_id: key.raterId });
}

/**
 * Rows per multi-row statement: 21 parameters per event row stay far within SQLite's 32,766 and
 * PostgreSQL's 65,535, and a statement stays short enough to plan at once.
 */
const ROWS_PER_STATEMENT = 400;
/** From this many rows a batch goes in as bulk rows (COPY) with its items' versions looked up first; fewer go in one statement. */
const BULK_ROWS = 16;

const rowBatches = <T>(rows: readonly T[]): T[][] => statementBatches(rows, ROWS_PER_STATEMENT);

/** The task's labels made on an earlier version of their item (few: a re-import flags them until re-saved). */
export function labelsOnEarlierVersions(conn: AnyDb, taskId: number): { item_id: number; rater: string; rater_kind: 'human' | 'judge' }[] {
  const db = asSql(conn);
  return db.all(sql<{ item_id: number; rater: string; rater_kind: 'human' | 'judge' }>`
    SELECT l.item_id, r.name AS rater, r.kind AS rater_kind FROM ${LABEL_FROM}
    WHERE l.task_id = ${taskId} AND l.item_hash IS DISTINCT FROM i.content_hash`);
}
