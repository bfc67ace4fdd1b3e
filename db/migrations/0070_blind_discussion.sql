-- Blind stays blind, after submit too (issue 13). A blind task hides the other raters' labels
-- from its annotators until a lead opens it for discussion (when and by whom, NULL: closed).
-- Automatic scores (reference F1 and tiers, validator verdicts, rewards from the source) are
-- hidden from annotators while labeling unless the task says otherwise: on by default, also
-- for the tasks there are.
ALTER TABLE tasks ADD COLUMN discussion_opened_at TEXT;
ALTER TABLE tasks ADD COLUMN discussion_opened_by TEXT;
ALTER TABLE tasks ADD COLUMN hide_scores INTEGER NOT NULL DEFAULT 1 CHECK (hide_scores IN (0, 1));

-- What the rater saw when a change was made: JSON {"others": bool, "scores": bool,
-- "discussion": bool} (others' answers shown, automatic scores shown, discussion open); NULL
-- when not recorded (imports, judges, events from before this migration).
ALTER TABLE label_events ADD COLUMN visible TEXT;

-- A label as it stood before its rater first changed it after seeing the others in a
-- discussion: agreement is computed on these originals by default, the revised (current)
-- label beside it. One row per label that was revised; `answered` = 0 when the rater had no
-- answer there before the discussion (the label was first made after seeing the others).
CREATE TABLE label_originals (
  task_id    INTEGER NOT NULL,
  item_id    INTEGER NOT NULL,
  unit       TEXT NOT NULL,
  question   TEXT NOT NULL,
  rater_id   INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
  answered   INTEGER NOT NULL CHECK (answered IN (0, 1)),
  value      TEXT,                         -- JSON; NULL for N/A or when not answered
  na         INTEGER NOT NULL DEFAULT 0 CHECK (na IN (0, 1)),
  rationale  TEXT,
  event_id   INTEGER REFERENCES label_events(id),  -- the event that had set the original
  revised_at TEXT NOT NULL,                -- when the first change after discussion was made
  PRIMARY KEY (task_id, item_id, unit, question, rater_id),
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
) WITHOUT ROWID;
