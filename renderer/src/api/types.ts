import type { ItemDetail, ItemRow } from '../../../electron/api/contract';

// Shapes the contract uses but does not re-export (they live in electron/core, which the
// renderer must not import), derived from the contract's own types.

/** One validator finding of an item. */
export type Finding = ItemDetail['findings'][number];
/** A metadata value (model, domain, …). */
export type MetadataValue = ItemRow['metadata'][string];
/** The three artifact kinds. */
export type ArtifactKind = ItemRow['kind'];
