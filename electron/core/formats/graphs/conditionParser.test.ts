import { describe, expect, it } from 'vitest';
import { conditionVariables, MAX_CONDITION_DEPTH, parseCondition, variableComparisons, type ConditionNode } from './conditionParser';

/** Compact rendering of a tree, fully parenthesised, to check precedence at a glance. */
function show(node: ConditionNode): string {
  switch (node.kind) {
    case 'variable':
      return `{${node.name}}`;
    case 'literal':
      return JSON.stringify(node.value);
    case 'not':
      return `!${show(node.operand)}`;
    default:
      return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
  }
}

function tree(text: string): string {
  const parsed = parseCondition(text);
  if (!parsed.ok) throw new Error(`${parsed.message} at ${parsed.column}`);
  return show(parsed.expression);
}

function failure(text: string): { message: string; column: number } {
  const parsed = parseCondition(text);
  if (parsed.ok) throw new Error(`expected "${text}" not to parse`);
  return { message: parsed.message, column: parsed.column };
}

describe('parseCondition', () => {
  it('parses the conditions of sop-graph.json', () => {
    expect(tree("{customerStatus} == 'found'")).toBe('({customerStatus} == "found")');
    expect(tree('{daysSinceDelivery} <= 30 && {finalSale} == false')).toBe('(({daysSinceDelivery} <= 30) && ({finalSale} == false))');
    expect(tree('{daysSinceDelivery} > 30 || {finalSale} == true')).toBe('(({daysSinceDelivery} > 30) || ({finalSale} == true))');
  });

  it('binds && tighter than ||, and parentheses override', () => {
    expect(tree('{a} || {b} && {c}')).toBe('({a} || ({b} && {c}))');
    expect(tree('({a} || {b}) && {c}')).toBe('(({a} || {b}) && {c})');
    expect(tree('{a} && {b} && {c}')).toBe('(({a} && {b}) && {c})');
  });

  it('reads every comparison operator, negation and literal kind', () => {
    for (const op of ['==', '!=', '<', '<=', '>', '>=']) expect(tree(`{x} ${op} 1`)).toBe(`({x} ${op} 1)`);
    expect(tree('!{member}')).toBe('!{member}');
    expect(tree('!({a} == 1)')).toBe('!({a} == 1)');
    expect(tree('{x} == -2.5')).toBe('({x} == -2.5)');
    expect(tree('{x} == "two words"')).toBe('({x} == "two words")');
    expect(tree("{x} == 'it\\'s'")).toBe(`({x} == "it's")`);
    expect(tree('{x} == null')).toBe('({x} == null)');
    expect(tree('{x} == True')).toBe('({x} == true)');
    expect(tree("'found' == {status}")).toBe('("found" == {status})');
  });

  it('explains what is wrong and where (1-based column)', () => {
    expect(failure('{a} = 1')).toEqual({ message: "use '==' to compare, not '='", column: 5 });
    expect(failure("status == 'ok'")).toEqual({ message: "unknown word 'status': variables are written {status}, text values in quotes", column: 1 });
    expect(failure('{a} == 1 and {b}').message).toContain("write '&&'");
    expect(failure('{a} & {b}')).toEqual({ message: "use '&&', not a single '&'", column: 5 });
    expect(failure("{a} == 'open")).toEqual({ message: 'unterminated string: missing closing \'', column: 8 });
    expect(failure('({a} == 1')).toEqual({ message: "expected ')' to close the '(' at column 1, found end of expression", column: 10 });
    expect(failure('{a} == ')).toEqual({ message: "expected a variable, a value or '(', found end of expression", column: 8 });
    expect(failure('{a} == 1 {b}').message).toBe('unexpected variable {b} after a complete expression');
    expect(failure('1 < {a} < 3').message).toBe("comparisons cannot be chained; join them with '&&'");
    expect(failure('{a')).toEqual({ message: "unclosed '{': a variable is written {name}", column: 1 });
    expect(failure('{} == 1').column).toBe(1);
    expect(failure('   ')).toEqual({ message: 'empty condition', column: 1 });
    expect(failure('{a} == #')).toEqual({ message: "unexpected character '#'", column: 8 });
  });

  it('refuses hostile nesting with a message instead of overflowing the stack', () => {
    const deep = `${'('.repeat(10_000)}{a}${')'.repeat(10_000)}`;
    expect(failure(deep).message).toBe(`nested deeper than ${MAX_CONDITION_DEPTH} levels`);
    expect(failure(`${'!'.repeat(10_000)}{a}`).message).toBe(`nested deeper than ${MAX_CONDITION_DEPTH} levels`);
    expect(tree(`${'('.repeat(MAX_CONDITION_DEPTH)}{a}${')'.repeat(MAX_CONDITION_DEPTH)}`)).toBe('{a}');
  });

  it('handles a long && chain (a deep left-leaning tree) without recursion in the walkers', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `{v${i}} == ${i}`).join(' && ');
    const parsed = parseCondition(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(conditionVariables(parsed.expression)).toHaveLength(20_000);
    expect(variableComparisons(parsed.expression)).toHaveLength(20_000);
  });
});

describe('conditionVariables and variableComparisons', () => {
  it('lists variables in order and comparisons with literals on either side', () => {
    const parsed = parseCondition("{a} == 'x' && ('y' != {b} || {c} > {d}) && !{e}");
    if (!parsed.ok) throw new Error(parsed.message);
    expect(conditionVariables(parsed.expression).map((v) => v.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(variableComparisons(parsed.expression).map(({ variable, operator, value }) => ({ variable, operator, value }))).toEqual([
      { variable: 'a', operator: '==', value: 'x' },
      { variable: 'b', operator: '!=', value: 'y' },
    ]);
  });
});
