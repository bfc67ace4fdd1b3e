-- Team mode's people and access (issue 16, part 2): per-person invite links and the browser
-- sessions they open. Tokens are never stored: only their SHA-256 (hex), so a copy of the
-- workspace (a backup, a snapshot taken home) lets nobody in. Sessions are rows, not server
-- memory, so several servers on one database agree on who is signed in, and revoking an invite
-- ends its sessions at once.
CREATE TABLE invites (
  id INTEGER PRIMARY KEY,
  token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
  annotator_id INTEGER NOT NULL REFERENCES annotators(id),
  -- The person's role when invited (shown in the list); access follows the person's current role.
  role TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator', 'lead')),
  created_by TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_by TEXT,
  -- When the link was first exchanged for a session (or used as a bearer token).
  used_at TEXT
);
CREATE INDEX invites_by_person ON invites (annotator_id);

CREATE TABLE team_sessions (
  id INTEGER PRIMARY KEY,
  token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
  invite_id INTEGER NOT NULL REFERENCES invites(id),
  created_at TEXT NOT NULL
);
CREATE INDEX team_sessions_by_invite ON team_sessions (invite_id);
