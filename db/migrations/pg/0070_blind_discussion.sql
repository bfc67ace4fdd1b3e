-- PostgreSQL twin of ../0070_blind_discussion.sql; type mapping in 0010_init.sql.
ALTER TABLE tasks ADD COLUMN discussion_opened_at text;
ALTER TABLE tasks ADD COLUMN discussion_opened_by text;
ALTER TABLE tasks ADD COLUMN hide_scores bigint NOT NULL DEFAULT 1 CHECK (hide_scores IN (0, 1));

ALTER TABLE label_events ADD COLUMN visible text;

CREATE TABLE label_originals (
  task_id    bigint NOT NULL,
  item_id    bigint NOT NULL,
  unit       text NOT NULL,
  question   text NOT NULL,
  rater_id   bigint NOT NULL REFERENCES raters(id) ON DELETE CASCADE DEFERRABLE,
  answered   bigint NOT NULL CHECK (answered IN (0, 1)),
  value      text,
  na         bigint NOT NULL DEFAULT 0 CHECK (na IN (0, 1)),
  rationale  text,
  event_id   bigint REFERENCES label_events(id) DEFERRABLE,
  revised_at text NOT NULL,
  PRIMARY KEY (task_id, item_id, unit, question, rater_id),
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE DEFERRABLE
);
