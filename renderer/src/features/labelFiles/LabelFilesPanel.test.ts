import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AnnotatorRole, TaskDetail } from '../../../../electron/api/contract';
import { ApiContext } from '../../api/apiContext';
import type { Transport } from '../../api/transport';
import { LabelFilesPanel } from './LabelFilesPanel';

/** Only what the panel reads of a task: its id and who labels it. */
const TASK = { id: 1, name: 'quality', progress: [{ name: 'ana' }, { name: 'ben' }] } as unknown as TaskDetail;

/** The panel rendered to HTML for ana working in `role` (no call is made while rendering). */
function render(role: AnnotatorRole): string {
  const transport = { client: {} } as unknown as Transport;
  return renderToStaticMarkup(createElement(ApiContext.Provider, { value: transport }, createElement(LabelFilesPanel, { task: TASK, me: 'ana', role })));
}
const buttons = (html: string) => [...html.matchAll(/<(?:button|label)[^>]*>(?:(?!<\/(?:button|label)>).)*?([A-Z][\w ]+…?)<\/(?:button|label)>/g)].map((m) => m[1]);

describe('label files by role (blind annotation)', () => {
  it('offers an annotator only their own labels and pack, saying why the rest is hidden', () => {
    const html = render('annotator');
    expect(buttons(html)).toEqual(['Import my labels…', 'Export my pack', 'Import label pack…']);
    expect(html).not.toContain('Export CSV');
    expect(html).not.toContain('Export JSONL');
    // No choice of whose pack: only ana's is on offer.
    expect(html).not.toContain('>Annotator</div>');
    expect(html).toContain('data-testid="label-files-blind-note"');
    expect(html).toContain('You label blind, so exports of every rater’s labels and other annotators’ packs are for adjudicators and leads.');
    expect(html).toContain('every row’s rater must be <strong>ana</strong>');
  });

  it('offers adjudicators and leads every export and anyone’s pack', () => {
    for (const role of ['adjudicator', 'lead'] as const) {
      const html = render(role);
      expect(buttons(html)).toEqual(['Export CSV', 'Export JSONL', 'Import labels…', 'Export pack', 'Import label pack…']);
      expect(html).toContain('>Annotator</div>');
      expect(html).toContain('Every rater’s labels with rationales and timestamps.');
      expect(html).not.toContain('label-files-blind-note');
    }
  });
});
