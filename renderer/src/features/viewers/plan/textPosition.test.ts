import { describe, expect, it } from 'vitest';
import { markLines, type TextMark } from './textPosition';

const error = (line: number, column: number): TextMark => ({ line, column, severity: 'error', message: 'bad' });

describe('markLines', () => {
  it('marks the character at line:column', () => {
    // q-002's plan first leaves JSON at line 1, column 3: the unquoted key 1 in `{ 1: {…`
    const [line] = markLines('{ 1: {"step": x}}', [error(1, 3)]);
    expect(line).toEqual([
      { kind: 'text', text: '{ ' },
      { kind: 'mark', text: '1', mark: error(1, 3), atEnd: false },
      { kind: 'text', text: ': {"step": x}}' },
    ]);
  });

  it('puts a mark past the end of its line at the end (the truncated CSV row: line 1, column 86)', () => {
    const text = '{ 1: {"step": T2S([], "Agents with improving tone after refund"), "depends_on": []}, ';
    expect(text.length).toBe(85);
    const [line] = markLines(text, [error(1, 86)]);
    expect(line[line.length - 1]).toEqual({ kind: 'mark', text: '', mark: error(1, 86), atEnd: true });
    expect(line.filter((p) => p.kind === 'text').map((p) => p.text).join('')).toBe(text);
  });

  it('keeps several marks in column order on their own lines', () => {
    const lines = markLines('ab\ncd\nef', [error(3, 2), { ...error(1, 1), severity: 'warning' }]);
    expect(lines.map((l) => l.map((p) => (p.kind === 'mark' ? `[${p.text}]` : p.text)).join(''))).toEqual(['[a]b', 'cd', 'e[f]']);
  });

  it('keeps a mark on a line the text does not have, at the end of the last line', () => {
    const lines = markLines('ab\n', [error(5, 1)]);
    expect(lines).toHaveLength(1);
    expect(lines[0][lines[0].length - 1]).toMatchObject({ kind: 'mark', atEnd: true });
  });
});
