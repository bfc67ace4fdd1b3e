/**
 * The artifact payload types the viewers render, re-exported so the renderer reaches them
 * through the API layer (it may not import electron/core). Types only: nothing here runs.
 */
export type * from '../core/formats/types';
export type * from '../core/formats/graphs/model';
export type * from '../core/formats/plans/model';
export type * from '../core/formats/conversations/model';
export type * from '../core/formats/sopSessions/model';
