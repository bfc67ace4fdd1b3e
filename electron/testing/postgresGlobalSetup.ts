import fs from 'node:fs';
import { postgresBinDir, SHARED_CLUSTER_ENV, startPostgres } from './postgres';

/**
 * Vitest global setup: one throwaway PostgreSQL for the whole run, shared by every test file
 * through {@link SHARED_CLUSTER_ENV} (usePostgres), each test in a database of its own — instead
 * of an initdb and a server start per file. Started only where the server binaries are installed;
 * elsewhere each file starts its own and says what is missing.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  let bin: string;
  try {
    bin = postgresBinDir();
  } catch {
    return undefined;
  }
  if (!fs.existsSync(bin)) return undefined;
  const cluster = await startPostgres();
  // Test files run in processes started after this, which inherit the variable.
  process.env[SHARED_CLUSTER_ENV] = cluster.url;
  return () => {
    delete process.env[SHARED_CLUSTER_ENV];
    cluster.stop();
  };
}
