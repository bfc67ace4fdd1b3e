// The `pgpass` package (node-postgres' own .pgpass reader) ships no types.
declare module 'pgpass' {
  /** Finds the password of the first `.pgpass` line matching the connection; undefined when none does. */
  function pgPass(connection: { host?: string; port?: number | string; database?: string; user?: string }, callback: (password: string | undefined) => void): void;
  export default pgPass;
}
