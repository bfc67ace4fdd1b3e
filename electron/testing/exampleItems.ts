import fs from 'node:fs';
import path from 'node:path';
import type { JudgeItem } from '../core/judges/placeholders';
import { judgeItemsFrom } from '../core/judges/testdata/sampleItems';
import { FORMATS } from './fixtures';

// Test-only reader of fixtures/formats, for core and service tests.
const lines = (name: string) => fs.readFileSync(path.join(FORMATS, name), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);

/** The example items of fixtures/formats: plans q-001…q-003, the SOP graph, chat conversations conv-0001…. */
export function exampleItems(): { plans: JudgeItem[]; graph: JudgeItem; conversations: JudgeItem[] } {
  return {
    plans: judgeItemsFrom('jsonl', lines('plans.jsonl'), 'plans.jsonl', 'plans'),
    graph: judgeItemsFrom('json-document', [JSON.parse(fs.readFileSync(path.join(FORMATS, 'sop-graph.json'), 'utf8'))], 'sop-graph.json', 'sop-graph')[0],
    conversations: judgeItemsFrom('jsonl', lines('conversations-chat.jsonl'), 'conversations-chat.jsonl', 'conversations-chat'),
  };
}
