/**
 * The pure label-schema rules the labeling screens run in the browser, re-exported so the
 * renderer reaches them through the API layer (it may not import electron/core). One
 * definition, next to the keymap builder and the tiers it reads: the screen cannot drift from
 * the schema model. Only browser-safe code of core/schemas belongs here (no Node, no I/O).
 */
export { actionForKey } from '../core/schemas/keyBindings';
export { tiersOf } from '../core/schemas/tiers';
