-- PostgreSQL twin of ../0060_dataset_trash.sql.
ALTER TABLE datasets ADD COLUMN trashed_at text;
ALTER TABLE datasets ADD COLUMN trashed_by text;
