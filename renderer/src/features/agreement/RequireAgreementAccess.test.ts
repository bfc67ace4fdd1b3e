import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnnotatorRole } from '../../../../electron/api/contract';
import { IdentityContext } from '../identity/identityContext';
import { RequireAgreementAccess } from './RequireAgreementAccess';

/** The gate rendered to HTML for someone signed in with `role`, around a stand-in for the dashboard. */
function render(role: AnnotatorRole): string {
  const identity = { identity: { name: 'ana', role }, signIn: async () => {}, openSwitcher: () => {} };
  const dashboard = createElement('p', { 'data-testid': 'dashboard' }, 'κ 0.484');
  const gate = createElement(RequireAgreementAccess, null, dashboard);
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(IdentityContext.Provider, { value: identity }, gate)));
}

describe('agreement screens by role (blind annotation)', () => {
  it('shows the dashboard to adjudicators and leads', () => {
    for (const role of ['adjudicator', 'lead'] as const) {
      const html = render(role);
      expect(html).toContain('data-testid="dashboard"');
      expect(html).not.toContain('agreement-refusal');
    }
  });

  it('keeps it from an annotator, saying why and which roles open it', () => {
    const html = render('annotator');
    expect(html).not.toContain('data-testid="dashboard"');
    expect(html).not.toContain('κ 0.484');
    expect(html).toContain('data-testid="agreement-refusal"');
    expect(html).toContain('Agreement is for adjudicators and leads');
    expect(html).toContain('You are signed in as <strong>ana</strong>, an annotator.');
    expect(html).toContain('Annotators label blind');
    expect(html).toMatch(/Adjudicator<\/p>.*Also sees all labels side by side/);
    expect(html).toMatch(/Lead<\/p>/);
    expect(html).toContain('Switch role');
    expect(html).toContain('href="/tasks"');
  });
});
