import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { IdentityContext } from './identityContext';
import { RequireAdjudicator } from './RequireIdentity';

/** The adjudication gate rendered to HTML for ana in `role`, around a stand-in for the queue. */
function render(role: AnnotatorRole): string {
  const identity = { identity: { name: 'ana', role }, signIn: async () => {}, openSwitcher: () => {} };
  const queue = createElement('p', { 'data-testid': 'queue' }, 'Good vs Bad');
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(IdentityContext.Provider, { value: identity }, createElement(RequireAdjudicator, null, queue))));
}

describe('adjudication screens by role (blind annotation)', () => {
  it('show the queue to adjudicators and leads', () => {
    for (const role of ['adjudicator', 'lead'] as const) {
      const html = render(role);
      expect(html).toContain('data-testid="queue"');
      expect(html).not.toContain('adjudication-refusal');
    }
  });

  it('refuse an annotator with the card agreement uses: why, which roles open it, switch role', () => {
    const html = render('annotator');
    expect(html).not.toContain('Good vs Bad');
    expect(html).toContain('data-testid="adjudication-refusal"');
    expect(html).toMatch(/<h1[^>]*>Adjudication is for adjudicators and leads<\/h1>/);
    expect(html).toContain('You are signed in as <strong>ana</strong>, an annotator.');
    expect(html).toContain('Adjudication shows every rater’s answers and rationales side by side to settle them into gold, so it opens only in these roles:');
    expect(html).toMatch(/Adjudicator<\/p>.*Also sees all labels side by side/);
    expect(html).toMatch(/Lead<\/p>/);
    expect(html).toContain('Switch role');
    expect(html).toContain('href="/tasks"');
    // The heading names the region, so screen readers announce what is refused.
    const id = /aria-labelledby="([^"]+)"[^>]*data-testid="adjudication-refusal"/.exec(html)?.[1];
    expect(html).toContain(`id="${id}">Adjudication is for adjudicators and leads`);
  });
});
