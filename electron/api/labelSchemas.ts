/**
 * The label-schema model, answers, keymaps, tiers and file formats, re-exported so the
 * labeling and adjudication screens reach them through the API layer (the renderer may not
 * import electron/core). Types only: nothing here runs; a task's keymap comes with `tasks.get`.
 */
export type * from '../core/schemas/model';
export type * from '../core/schemas/keyBindings';
export type * from '../core/schemas/labelValue';
export type * from '../core/schemas/tiers';
export type * from '../core/schemas/categories';
export type * from '../core/schemas/labelPack';
export type * from '../core/schemas/labelRecord';
export type * from '../core/schemas/schemaJson';
