-- PostgreSQL twin of ../0151_job_results.sql.
ALTER TABLE jobs ADD COLUMN result text;
