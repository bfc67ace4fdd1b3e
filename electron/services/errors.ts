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
