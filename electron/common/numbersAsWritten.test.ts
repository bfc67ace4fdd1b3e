import { describe, expect, it } from 'vitest';
import { isNumberAsWritten, jsonAsWritten, numbersAsWrittenOf, oneLineJson, payloadAsWritten, rawRecordAsWritten } from './numbersAsWritten';

const ID = '12345678901234567891';
const asWritten = new Set([ID, '-98765432109876543210']);

describe('jsonAsWritten', () => {
  it('writes the listed strings bare, as the source wrote them, and everything else as JSON.stringify does', () => {
    expect(jsonAsWritten({ orderId: ID, n: 1, other: '12345678901234567892', neg: '-98765432109876543210' }, asWritten)).toBe(
      `{"orderId":${ID},"n":1,"other":"12345678901234567892","neg":-98765432109876543210}`,
    );
    expect(jsonAsWritten([ID, [ID]], asWritten, 2)).toBe(`[\n  ${ID},\n  [\n    ${ID}\n  ]\n]`);
  });

  it('keeps keys quoted, and leaves the digits alone inside longer strings, escaped quotes included', () => {
    const value = { [ID]: `order "${ID}"`, text: `\\"${ID}` };
    expect(jsonAsWritten(value, asWritten)).toBe(JSON.stringify(value));
    expect(jsonAsWritten({ [ID]: ID }, asWritten, 2)).toBe(`{\n  "${ID}": ${ID}\n}`);
  });

  it('is JSON.stringify when nothing is listed', () => {
    const value = { a: ID, b: [1, 'x'] };
    expect(jsonAsWritten(value, new Set())).toBe(JSON.stringify(value));
  });
});

describe('numbersAsWrittenOf', () => {
  it("reads the payload's list, and is empty for a payload without one", () => {
    expect([...numbersAsWrittenOf({ numbersAsWritten: [ID] })]).toEqual([ID]);
    expect(numbersAsWrittenOf({ turns: [] }).size).toBe(0);
    expect(numbersAsWrittenOf(null).size).toBe(0);
    expect(isNumberAsWritten(ID, asWritten)).toBe(true);
    expect(isNumberAsWritten(12, asWritten)).toBe(false);
  });
});

describe('exports as written', () => {
  it('puts JSON text on one line without parsing it, so bare big integers and spaces inside strings stay', () => {
    expect(oneLineJson(`{\n  "id": ${ID},\n  "text": "a  b \\" c"\n}`)).toBe(`{"id":${ID},"text":"a  b \\" c"}`);
  });

  it('writes a payload without Accord’s note, its big integers bare', () => {
    expect(payloadAsWritten(JSON.stringify({ id: ID, n: 1, numbersAsWritten: [ID] }))).toBe(`{"id":${ID},"n":1}`);
    expect(payloadAsWritten('{"id":"x"}')).toBe('{"id":"x"}');
  });

  it('writes a raw record with the digits its payload lists bare, on one line', () => {
    const payload = JSON.stringify({ numbersAsWritten: [ID] });
    expect(rawRecordAsWritten(`{"ticket":"${ID}","other":"${ID}x"}`, payload)).toBe(`{"ticket":${ID},"other":"${ID}x"}`);
    expect(rawRecordAsWritten(`{\n "ticket": ${ID}\n}`, payload)).toBe(`{"ticket":${ID}}`);
  });
});
