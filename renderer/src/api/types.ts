// Artifact shapes the renderer uses, reached through the API layer (electron/api/artifacts.ts
// re-exports them from electron/core, which the renderer must not import). Types only.
export type { ArtifactKind, Finding, MetadataValue, UnitLocation } from '../../../electron/api/artifacts';
