import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../../electron/api/artifacts';
import { findingsByStep, wholePartFindings } from './planFindings';

const finding = (validator: string, location: Finding['location']): Finding => ({ validator, severity: 'warning', location, message: validator });

// Locations as the plan model documents them (electron/core/formats/plans/model.ts).
const findings = [
  finding('plan-step', { step: '2', field: 'depends_on' }),
  finding('gold-step', { step: '2', field: 'best_plan.depends_on' }),
  finding('version-step', { version: 1, step: '2' }),
  finding('plan-whole', { field: 'plan' }),
  finding('gold-whole', { field: 'best_plan' }),
  finding('version-whole', { version: 1 }),
  finding('item', null),
];

describe('findingsByStep', () => {
  it('sorts step findings into the plan, the gold plan and each lineage version', () => {
    expect(findingsByStep(findings, { kind: 'plan' }).get('2')?.map((f) => f.validator)).toEqual(['plan-step']);
    expect(findingsByStep(findings, { kind: 'gold' }).get('2')?.map((f) => f.validator)).toEqual(['gold-step']);
    expect(findingsByStep(findings, { kind: 'version', version: 1 }).get('2')?.map((f) => f.validator)).toEqual(['version-step']);
    expect(findingsByStep(findings, { kind: 'version', version: 0 }).size).toBe(0);
  });
});

describe('wholePartFindings', () => {
  it('keeps the findings about a part without a step', () => {
    expect(wholePartFindings(findings, { kind: 'plan' }).map((f) => f.validator)).toEqual(['plan-whole']);
    expect(wholePartFindings(findings, { kind: 'gold' }).map((f) => f.validator)).toEqual(['gold-whole']);
    expect(wholePartFindings(findings, { kind: 'version', version: 1 }).map((f) => f.validator)).toEqual(['version-whole']);
  });
});
