import pg from 'pg';
import pgPass from 'pgpass';

/**
 * A client of the PostgreSQL database at `url`, as every part of Accord connects (the event
 * listener, migrations, workspace copy; the query layer's connection thread does the same in
 * plain JavaScript, pgSyncClient.ts): one place for what a connection is given.
 *
 * The password: the URL's, else `PGPASSWORD` (both as the driver reads them), else the matching
 * line of `~/.pgpass` (or of `PGPASSFILE`), as psql finds it. The driver would read `.pgpass`
 * itself, but it warns on every process that it will stop doing so (pg 9); looking it up here
 * keeps README's `.pgpass` advice working, quietly, after that.
 */
export function pgClient(url: string, applicationName: string, extra: Omit<pg.ClientConfig, 'connectionString' | 'application_name'> = {}): pg.Client {
  const client = new pg.Client({ ...extra, connectionString: url, application_name: applicationName });
  // null: neither the URL nor PGPASSWORD gave one. A function is asked (with the connection's
  // parameters) only when the server wants a password; undefined from it means none.
  const withPassword = client as unknown as { password: string | null | typeof passwordFromPgpass };
  if (withPassword.password === null) withPassword.password = passwordFromPgpass;
  return client;
}

function passwordFromPgpass(connection: { host?: string; port?: number | string; database?: string; user?: string }): Promise<string | undefined> {
  return new Promise((resolve) => pgPass(connection, resolve));
}
