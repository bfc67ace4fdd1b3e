import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../electron/testing/postgres';
import { pgClient } from './pgConnection';
import { PgSyncClient } from './pgSyncClient';

// README tells a team to keep the database password in ~/.pgpass. The pg driver reads it but
// warns that it will stop (pg 9) on every process that connects; Accord looks the password up
// itself. A cluster of this file's own, whose pg_hba asks one role for its password.

let cluster: TestPostgres;
let dir: string;
let asKeeper: string;
const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  cluster = await startPostgres();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  try {
    await admin.query("CREATE ROLE keeper LOGIN PASSWORD 'kept-in-pgpass'");
    const hba = (await admin.query<{ hba_file: string }>('SHOW hba_file')).rows[0].hba_file;
    fs.writeFileSync(hba, `host all keeper 127.0.0.1/32 scram-sha-256\n${fs.readFileSync(hba, 'utf8')}`);
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-pgpass-'));
  const file = path.join(dir, 'pgpass');
  fs.writeFileSync(file, `127.0.0.1:${cluster.port}:*:keeper:kept-in-pgpass\n`, { mode: 0o600 });
  process.env.PGPASSFILE = file;
  delete process.env.PGPASSWORD;
  asKeeper = `postgres://keeper@127.0.0.1:${cluster.port}/postgres`;
  process.on('warning', onWarning);
}, 120_000);

afterAll(() => {
  process.off('warning', onWarning);
  delete process.env.PGPASSFILE;
  cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function whoAmI(client: pg.Client): Promise<string> {
  await client.connect();
  try {
    return (await client.query<{ who: string }>('SELECT current_user AS who')).rows[0].who;
  } finally {
    await client.end();
  }
}

describe('connecting with the password in .pgpass', () => {
  it('finds it, without the driver warning, on a connection and on the query layer thread', async () => {
    expect(await whoAmI(pgClient(asKeeper, 'accord test'))).toBe('keeper');
    const sync = new PgSyncClient(asKeeper);
    try {
      expect(sync.query('reader', 'SELECT current_user AS who').rows).toEqual([{ who: 'keeper' }]);
    } finally {
      sync.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('pgpass'))).toEqual([]);
    // The driver left to itself finds it too, but warns: what the lookup spares every command.
    expect(await whoAmI(new pg.Client({ connectionString: asKeeper }))).toBe('keeper');
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('pgpass'))).toHaveLength(1);
  });

  it('lets PGPASSWORD and the URL go first, as psql does', async () => {
    process.env.PGPASSWORD = 'not-the-password';
    try {
      await expect(whoAmI(pgClient(asKeeper, 'accord test'))).rejects.toThrow(/password authentication failed for user "keeper"/);
      expect(await whoAmI(pgClient(asKeeper.replace('keeper@', 'keeper:kept-in-pgpass@'), 'accord test'))).toBe('keeper');
    } finally {
      delete process.env.PGPASSWORD;
    }
  });
});
