import { z } from 'zod';
import type { ArtifactKind } from '../../core/formats/types';
import { method } from '../define';
import { taskRef } from './annotation';

/** An item of a curation, enough to link to it and say which it is. */
export interface CuratedItem {
  id: number;
  externalId: string;
  kind: ArtifactKind;
  dataset: string;
}

/** Before and after for one artifact kind (see core/curation/curate.ts). */
export interface CurationCounts {
  kind: ArtifactKind;
  before: number;
  kept: number;
  rejected: number;
  removedWithFlowgraph: number;
  unjudged: number;
}

/**
 * ALMITA curation of a task: the items every annotator who judged them valid kept, one
 * rejection removing an item, conversations removed with their flowgraph, unjudged items apart.
 */
export interface CurationReport {
  task: string;
  question: string;
  /** The answer that means valid (the binary question's first option unless named). */
  validAnswer: string;
  /** The question's other answers: any of them rejects. */
  invalidAnswers: string[];
  counts: CurationCounts[];
  kept: CuratedItem[];
  rejected: { item: CuratedItem; rejectedBy: string[]; acceptedBy: string[] }[];
  removedWithFlowgraph: { item: CuratedItem; flowgraph: string }[];
  unjudged: CuratedItem[];
  /** Conversations naming a flowgraph id none of the task's graphs has (they are kept). */
  unknownFlowgraph: { item: CuratedItem; flowgraph: string }[];
}

/** One file of a curated export: the kept items of one kind, in their source shape. */
export interface CurationFile {
  kind: ArtifactKind;
  fileName: string;
  text: string;
  items: number;
}

export interface CurationExport {
  report: CurationReport;
  files: CurationFile[];
}

const curationArgs = z.object({
  task: taskRef,
  /** The item-level question that records validity. */
  question: z.string().min(1),
  /** The answer that means valid; default: a binary question's first (positive) option. */
  valid: z.string().min(1).optional(),
});

export const curationMethods = {
  /** The curation of a task by a validity question (leads: it names who rejected what). */
  'curation.get': method<CurationReport>()(curationArgs, { access: 'lead', reason: 'curation names every rater’s verdicts' }),
  /**
   * The kept items as files, one per kind: flowgraphs as a line-format file of `# graph: <id>`
   * blocks, conversations and plans one JSON record a line, each as it was imported.
   */
  'curation.export': method<CurationExport>()(curationArgs, { access: 'lead', reason: 'curation names every rater’s verdicts' }),
};
