import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { clusterRoot, SHARED_CLUSTER_ENV, startPostgres, sweepAbandonedClusters, usePostgres } from './postgres';

describe('the throwaway PostgreSQL of the tests', () => {
  it('starts on 127.0.0.1, makes databases, and stops and removes everything', async () => {
    const server = await startPostgres();
    let dataDir: string | undefined;
    try {
      expect(server.url).toMatch(/^postgres:\/\/accord@127\.0\.0\.1:\d+\/postgres$/);
      const url = await server.createDatabase('harness_check');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ db: string; addr: string; encoding: string; data: string }>(
        "SELECT current_database() AS db, host(inet_server_addr()) AS addr, current_setting('server_encoding') AS encoding, current_setting('data_directory') AS data",
      );
      await client.end();
      expect(rows[0]).toMatchObject({ db: 'harness_check', addr: '127.0.0.1', encoding: 'UTF8' });
      dataDir = rows[0].data;
      expect(fs.existsSync(dataDir)).toBe(true);
      // In memory where there is room (a run's ~240 databases never reach the disk).
      expect(dataDir.startsWith(`${clusterRoot()}/`)).toBe(true);
      if (fs.existsSync('/dev/shm') && fs.statfsSync('/dev/shm').bavail * fs.statfsSync('/dev/shm').bsize > 8 * 1024 ** 3) expect(clusterRoot()).toBe('/dev/shm');
      // Only 127.0.0.1 is listened on and trusted.
      expect(fs.readFileSync(`${dataDir}/pg_hba.conf`, 'utf8').trim()).toBe('host all all 127.0.0.1/32 trust');
    } finally {
      server.stop();
    }
    expect(fs.existsSync(dataDir!)).toBe(false);
    const after = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
  });

  it('stops and removes, at the next start, a cluster whose test process was killed before it could', async () => {
    const server = await startPostgres();
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const dataDir = (await client.query<{ data: string }>("SELECT current_setting('data_directory') AS data")).rows[0].data;
    await client.end();
    // As if the process that started it had died: its owner file names a pid that is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const clusterDir = path.dirname(dataDir);
    fs.writeFileSync(path.join(clusterDir, 'owner.pid'), String(gone));
    try {
      expect(sweepAbandonedClusters()).toContain(clusterDir);
      expect(fs.existsSync(dataDir)).toBe(false);
      const after = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
      await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      server.stop();
    }
  });
});

describe('the cluster of a test run', () => {
  const server = usePostgres({ beforeAll, afterAll });

  it('is one for every test file (started by the global setup), each test in a database of its own', async () => {
    expect(process.env[SHARED_CLUSTER_ENV]).toMatch(/^postgres:\/\/accord@127\.0\.0\.1:\d+\/postgres$/);
    expect(server.current.url).toBe(process.env[SHARED_CLUSTER_ENV]);
    const [one, two] = [await server.current.createDatabase(), await server.current.createDatabase()];
    expect(one).not.toBe(two);
    expect(new URL(one).port).toBe(String(server.current.port));
  });
});
