-- What a job leaves for whoever asked for it (JSON), apart from its arguments: an import job's
-- report, which the request waiting on the job answers with (whichever server ran it). Null
-- until the job records one.
ALTER TABLE jobs ADD COLUMN result TEXT;
