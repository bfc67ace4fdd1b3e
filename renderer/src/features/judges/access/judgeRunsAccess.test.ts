import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AnnotatorRole } from '../../../../../electron/api/contract';
import { ApiContext } from '../../../api/apiContext';
import type { Transport } from '../../../api/transport';
import { IdentityContext } from '../../identity/identityContext';
import ComparePage from '../compare/ComparePage';
import RunPage from '../calibration/RunPage';
import RunsPage from '../runs/RunsPage';
import { judgeRunLock } from './judgeRunLock';

/** A judge-runs page rendered to HTML for ana signed in with `role` (no call is made while rendering). */
function render(page: ComponentType, role: AnnotatorRole, url: string): string {
  const identity = { identity: { name: 'ana', role }, signIn: async () => {}, openSwitcher: () => {} };
  const transport = { client: {} } as unknown as Transport;
  const tree = createElement(IdentityContext.Provider, { value: identity }, createElement(ApiContext.Provider, { value: transport }, createElement(page)));
  return renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: [url] }, tree));
}

const PAGES: [string, ComponentType, string][] = [
  ['the runs table', RunsPage, '/judge-runs'],
  ['a run’s calls and calibration', RunPage, '/judge-runs/3'],
  ['the comparison of two runs', ComparePage, '/judge-runs/compare?a=1&b=2'],
];

describe.each(PAGES)('%s by role (blind annotation)', (_name, page, url) => {
  it('keeps it from an annotator, saying why and which roles open it', () => {
    const html = render(page, 'annotator', url);
    expect(html).toContain('data-testid="judge-runs-refusal"');
    expect(html).toContain('Judge runs are for adjudicators and leads');
    expect(html).toContain('You are signed in as <strong>ana</strong>, an annotator.');
    expect(html).toContain('Judge runs show a judge’s answer on each unit — a strong hint while you label the same units — and calibrate it against every rater’s labels and gold, so it opens only in these roles:');
    expect(html).toContain('Switch role');
    // Nothing of the screen behind it: no breadcrumbs, no runs table header.
    expect(html).not.toContain('href="/judge-runs"');
    expect(html).not.toContain('Compare two runs');
  });

  it('opens it for adjudicators and leads', () => {
    for (const role of ['adjudicator', 'lead'] as const) {
      const html = render(page, role, url);
      expect(html).not.toContain('judge-runs-refusal');
      expect(html).toMatch(/Judge runs/);
    }
  });
});

describe('judgeRunLock', () => {
  it('locks running a judge for an annotator, saying why', () => {
    expect(judgeRunLock({ name: 'ana', role: 'annotator' })).toBe(
      'You are signed in as ana, an annotator. Running a judge is for adjudicators and leads: a run spends the workspace’s API budget and adds the judge’s answers to the task.',
    );
  });

  it('leaves it to adjudicators and leads, and to someone not yet signed in (Run asks who they are)', () => {
    expect(judgeRunLock({ name: 'ada', role: 'adjudicator' })).toBeNull();
    expect(judgeRunLock({ name: 'lea', role: 'lead' })).toBeNull();
    expect(judgeRunLock(null)).toBeNull();
  });
});
