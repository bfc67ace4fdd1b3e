import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throwaway PostgreSQL cluster for tests (issue 16, part 6): Debian's `postgresql` package
 * (`.ci/run` installs it), `initdb` into a temporary folder (in memory where it can: {@link clusterRoot}), `pg_ctl start` on a free port of
 * 127.0.0.1 with its unix socket in a private folder, trust authentication for 127.0.0.1 only.
 * `stop()` ends it at once (`-m immediate`: nothing in it is worth a clean shutdown) and removes
 * the folder. Nothing here ever points at a host other than 127.0.0.1.
 */
export interface TestPostgres {
  /** postgres://accord@127.0.0.1:PORT/postgres — the cluster's maintenance database. */
  readonly url: string;
  readonly port: number;
  /** Creates an empty database (or a copy of database `template`, which nobody may be connected to) and returns its URL. */
  createDatabase(name?: string, template?: string): Promise<string>;
  stop(): void;
}

const SUPERUSER = 'accord';
let databases = 0;

/** The newest server binaries under /usr/lib/postgresql/<version>/bin ($ACCORD_PG_BIN overrides). */
export function postgresBinDir(): string {
  if (process.env.ACCORD_PG_BIN) return process.env.ACCORD_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/<version>/bin: install Debian\'s postgresql package (.ci/run does), or set ACCORD_PG_BIN');
  return path.join(root, newest, 'bin');
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user and its tools run as that user. */
function asClusterOwner(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function spawnAsOwner(owner: ReturnType<typeof asClusterOwner>, bin: string, args: string[]) {
  const [command, ...rest] = [...owner.prefix, bin, ...args];
  return spawnSync(command, rest, { encoding: 'utf8', cwd: os.tmpdir() });
}

function run(owner: ReturnType<typeof asClusterOwner>, bin: string, args: string[]): void {
  const result = spawnAsOwner(owner, bin, args);
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
}

const CLUSTER_PREFIX = 'accord-pg-';

/** Free space a cluster's folder may take in memory: a whole Vitest run makes ~240 databases, ~3.1 GB. */
const MEMORY_ROOT_NEEDS = 6 * 1024 ** 3;
const MEMORY_ROOT = '/dev/shm';

/**
 * Where clusters go: the shared-memory filesystem (/dev/shm) where it exists with room, else the
 * temporary folder. On disk, the ~3.1 GB of databases a test run makes were written back while
 * the tests ran, competing with the SQLite tests' syncs, and removing them at the end took 18 s
 * (the files still under writeback); nothing in a throwaway cluster needs to reach a disk.
 */
export function clusterRoot(): string {
  try {
    fs.accessSync(MEMORY_ROOT, fs.constants.W_OK);
    const free = fs.statfsSync(MEMORY_ROOT);
    if (free.bavail * free.bsize >= MEMORY_ROOT_NEEDS) return MEMORY_ROOT;
  } catch {
    // Not Linux, or no shared memory to write: the temporary folder.
  }
  return os.tmpdir();
}

/** The test process a cluster belongs to, written in its folder. */
const OWNER_FILE = 'owner.pid';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops and removes the clusters of test processes that are gone without stopping them (killed
 * with SIGKILL, so no exit hook ran). Run before each start, so such leftovers live only until
 * the next test run. @returns the folders removed.
 */
export function sweepAbandonedClusters(roots = [MEMORY_ROOT, os.tmpdir()].filter((root) => fs.existsSync(root))): string[] {
  const removed: string[] = [];
  for (const dir of roots.flatMap((root) => fs.readdirSync(root).filter((n) => n.startsWith(CLUSTER_PREFIX)).map((n) => path.join(root, n)))) {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // being started right now, or not one of ours
    }
    if (!Number.isInteger(pid) || pid <= 0 || processAlive(pid)) continue;
    if (fs.existsSync(path.join(dir, 'data', 'postmaster.pid'))) spawnAsOwner(asClusterOwner(), path.join(postgresBinDir(), 'pg_ctl'), ['stop', '-D', path.join(dir, 'data'), '-m', 'immediate', '-w']);
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** Starts a cluster; the caller must `stop()` it (see {@link usePostgres} for vitest). */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const owner = asClusterOwner();
  sweepAbandonedClusters();
  const dir = fs.mkdtempSync(path.join(clusterRoot(), CLUSTER_PREFIX));
  fs.writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const data = path.join(dir, 'data');
  const sockets = path.join(dir, 'sockets');
  fs.mkdirSync(sockets, { mode: 0o700 });
  if (owner.uid !== undefined) for (const p of [dir, sockets]) fs.chownSync(p, owner.uid, owner.gid!);
  const log = path.join(dir, 'server.log');
  let started = false;
  const stop = () => {
    if (started) spawnAsOwner(owner, path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
    started = false;
    fs.rmSync(dir, { recursive: true, force: true });
    process.removeListener('exit', stop);
  };
  // A test process that dies without its afterAll still takes its cluster with it.
  process.once('exit', stop);
  try {
    run(owner, path.join(bin, 'initdb'), ['-D', data, '-U', SUPERUSER, '-E', 'UTF8', '--locale=C', '--auth=trust', '--no-sync']);
    // Only TCP from 127.0.0.1, trusted; no line for the unix socket, which pg_ctl does not need.
    fs.writeFileSync(path.join(data, 'pg_hba.conf'), 'host all all 127.0.0.1/32 trust\n');
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${sockets} -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300`;
      try {
        run(owner, path.join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options]);
        started = true;
        break;
      } catch (error) {
        // Another process may have taken the port between freePort() and the server's bind.
        if (attempt >= 3) throw new Error(`${(error as Error).message}\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`, { cause: error });
      }
    }
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    return { url, port, createDatabase: databaseCreator(url), stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** `createDatabase` of the cluster whose maintenance database is `url`. */
function databaseCreator(url: string): TestPostgres['createDatabase'] {
  return async (name = `test_${process.pid}_${++databases}`, template?: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    } finally {
      await client.end();
    }
    const database = new URL(url);
    database.pathname = `/${name}`;
    return database.toString();
  };
}

/**
 * The cluster the test run's global setup started for every test file to share
 * (electron/testing/postgresGlobalSetup.ts), passed down in this variable.
 */
export const SHARED_CLUSTER_ENV = 'ACCORD_TEST_POSTGRES_URL';

/**
 * A cluster for a vitest file: the run's shared one when its global setup started one (each
 * test makes its own database in it), else one of the file's own, started before its tests and
 * stopped and removed after them whether they passed or not. Read `.current` inside tests.
 */
export function usePostgres(hooks: { beforeAll: (fn: () => Promise<void>, timeout?: number) => void; afterAll: (fn: () => void) => void }): { current: TestPostgres } {
  const holder = {} as { current: TestPostgres };
  hooks.beforeAll(async () => {
    const shared = process.env[SHARED_CLUSTER_ENV];
    holder.current = shared ? { url: shared, port: Number(new URL(shared).port), createDatabase: databaseCreator(shared), stop: () => {} } : await startPostgres();
  }, 120_000);
  hooks.afterAll(() => holder.current?.stop());
  return holder;
}
