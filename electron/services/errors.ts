/** A requested record does not exist; transports answer `not-found`. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The request conflicts with the workspace's state (e.g. a label on a changed item). */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** The arguments are well-formed but make no sense here; transports answer `invalid-input`. */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
}

/** The caller may not do this (e.g. an annotator peeking before labeling). */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
}

/**
 * Raised by code that still reaches the workspace through the SQLite connection (`ctx.db`,
 * `ctx.write`) when the workspace is on PostgreSQL: it names what is not there yet rather than
 * running on the wrong engine.
 */
export class NotOnPostgresYet extends Error {
  readonly code = 'not_on_postgres_yet';
  constructor(what: string) {
    super(`${what} does not run on a PostgreSQL workspace yet (docs/team-server.md says what does); use a workspace file for it.`);
    this.name = 'NotOnPostgresYet';
  }
}
