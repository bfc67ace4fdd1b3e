import { describe, expect, it } from 'vitest';
import { parseResponseDescription } from './responseDescription';

describe('parseResponseDescription', () => {
  it('reads the type and the categorical values of sop-graph.json', () => {
    expect(parseResponseDescription("customerStatus (string): one of 'found', 'not_found'.")).toEqual({ type: 'string', allowedValues: ['found', 'not_found'] });
    expect(parseResponseDescription("refundStatus (string): one of 'issued', 'failed'.")).toEqual({ type: 'string', allowedValues: ['issued', 'failed'] });
    expect(parseResponseDescription('daysSinceDelivery (int): days since the parcel was delivered.')).toEqual({ type: 'int', allowedValues: null });
    expect(parseResponseDescription('finalSale (bool): true when the item was sold as final sale.')).toEqual({ type: 'bool', allowedValues: null });
  });

  it('accepts other ways of listing values', () => {
    expect(parseResponseDescription('status: either "open" or "closed"').allowedValues).toEqual(['open', 'closed']);
    expect(parseResponseDescription("tier (string): possible values: 'gold' | 'silver' | 'bronze'").allowedValues).toEqual(['gold', 'silver', 'bronze']);
    expect(parseResponseDescription("risk: can be 'low', 'medium' and 'high'").allowedValues).toEqual(['low', 'medium', 'high']);
    expect(parseResponseDescription("x: one of ['a', 'b', 'a']").allowedValues).toEqual(['a', 'b']);
  });

  it('does not mistake quoted examples for a value set', () => {
    expect(parseResponseDescription("orderId (string): order number, e.g. 'SO-1042'.")).toEqual({ type: 'string', allowedValues: null });
    expect(parseResponseDescription('one of the agents handles it')).toEqual({ type: null, allowedValues: null });
    expect(parseResponseDescription(null)).toEqual({ type: null, allowedValues: null });
  });
});
