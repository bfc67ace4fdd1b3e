-- Long work as rows (issue 16, part 3: stateless servers). A job is queued by whoever asks for
-- it and run by whichever server leases it; the lease is renewed while the work goes on (a
-- heartbeat), so when a server dies its job's lease runs out and another server takes it over.
-- The work itself must be resumable and idempotent (judge calls are unique per run, item and
-- unit; imports stage their records): the job row says who runs it, not what was done.
-- Times are ISO 8601 UTC text like every other time in the workspace, so they compare as text.
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  -- The job's arguments, as JSON.
  args TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  -- The server holding the lease, and until when; both null unless running.
  leased_by TEXT,
  lease_until TEXT,
  -- How many times a server took the job (more than 1: taken over after a server died).
  attempts INTEGER NOT NULL DEFAULT 0,
  progress_done INTEGER NOT NULL DEFAULT 0,
  progress_total INTEGER,
  error TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  CHECK ((state = 'running') = (leased_by IS NOT NULL AND lease_until IS NOT NULL))
);
-- What a server looks for: queued jobs, and running ones whose lease ran out.
CREATE INDEX jobs_to_take ON jobs (state, lease_until);
