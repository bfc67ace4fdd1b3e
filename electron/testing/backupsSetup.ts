import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Every test process (and the CLI processes tests spawn, which inherit the environment) keeps
// its workspace backups in a temporary folder, never in the user's own Accord folder.
if (!process.env.ACCORD_BACKUPS) process.env.ACCORD_BACKUPS = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-test-backups-'));
