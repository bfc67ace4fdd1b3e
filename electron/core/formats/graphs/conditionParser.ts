/**
 * Parser for pathway condition expressions such as
 * `{daysSinceDelivery} <= 30 && ({finalSale} == false || !{member})`.
 *
 * Grammar (lowest precedence first; `&&` binds tighter than `||`):
 *
 * ```
 * or         := and ('||' and)*
 * and        := unary ('&&' unary)*
 * unary      := '!' unary | comparison
 * comparison := primary (('==' | '!=' | '<' | '<=' | '>' | '>=') primary)?
 * primary    := '(' or ')' | '{' name '}' | string | number | true | false | null
 * ```
 *
 * Strings are single- or double-quoted with backslash escapes; numbers may be negative and
 * fractional; `true`, `false` and `null` are case-insensitive (sources written from Python say
 * `True`). Positions are 0-based offsets into the text; error columns are 1-based.
 */

/** Comparison operators. */
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A literal value in an expression. */
export type ConditionLiteral = string | number | boolean | null;

/** A node of a parsed condition; `start`/`end` are offsets into the expression text. */
export type ConditionNode =
  | { kind: 'variable'; name: string; start: number; end: number }
  | { kind: 'literal'; value: ConditionLiteral; start: number; end: number }
  | { kind: 'not'; operand: ConditionNode; start: number; end: number }
  | { kind: 'logical'; operator: '&&' | '||'; left: ConditionNode; right: ConditionNode; start: number; end: number }
  | { kind: 'comparison'; operator: ComparisonOperator; left: ConditionNode; right: ConditionNode; start: number; end: number };

/** Result of {@link parseCondition}: the tree, or what is wrong and where. */
export type ConditionParse =
  | { ok: true; expression: ConditionNode }
  | { ok: false; message: string; column: number };

/** Deepest nesting of parentheses and `!` accepted; deeper input is an error, not a stack overflow. */
export const MAX_CONDITION_DEPTH = 100;

type Token =
  | { type: 'variable'; name: string; start: number; end: number }
  | { type: 'literal'; value: ConditionLiteral; start: number; end: number }
  | { type: 'op'; op: string; start: number; end: number }
  | { type: 'end'; start: number; end: number };

class ConditionSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Parses one condition expression.
 *
 * @example parseCondition("{customerStatus} == 'found'")
 *   // → { ok: true, expression: { kind: 'comparison', operator: '==', left: {kind: 'variable', name: 'customerStatus', …}, … } }
 * @example parseCondition('{a} = 1') // → { ok: false, message: "use '==' to compare, not '='", column: 5 }
 */
export function parseCondition(text: string): ConditionParse {
  try {
    const tokens = tokenize(text);
    if (tokens.length === 1) throw new ConditionSyntaxError('empty condition', 0);
    const parser = new Parser(tokens);
    const expression = parser.parseOr(0);
    const next = parser.peek();
    if (next.type !== 'end') throw new ConditionSyntaxError(`unexpected ${describe(next)} after a complete expression`, next.start);
    return { ok: true, expression };
  } catch (error) {
    if (!(error instanceof ConditionSyntaxError)) throw error;
    return { ok: false, message: error.message, column: error.offset + 1 };
  }
}

/** The variables an expression reads, in order of appearance (repeats included). */
export function conditionVariables(expression: ConditionNode): Extract<ConditionNode, { kind: 'variable' }>[] {
  return walk(expression).filter((n): n is Extract<ConditionNode, { kind: 'variable' }> => n.kind === 'variable');
}

/** A comparison between a variable and a literal, in either order. */
export interface VariableComparison {
  variable: string;
  operator: ComparisonOperator;
  value: ConditionLiteral;
  start: number;
  end: number;
}

/** Every `{variable} op literal` (or `literal op {variable}`) comparison in an expression. */
export function variableComparisons(expression: ConditionNode): VariableComparison[] {
  const found: VariableComparison[] = [];
  for (const node of walk(expression)) {
    if (node.kind !== 'comparison') continue;
    const { left, right } = node;
    const variable = left.kind === 'variable' ? left : right.kind === 'variable' ? right : null;
    const literal = left.kind === 'literal' ? left : right.kind === 'literal' ? right : null;
    if (variable && literal) {
      found.push({ variable: variable.name, operator: node.operator, value: literal.value, start: node.start, end: node.end });
    }
  }
  return found;
}

/** Pre-order walk with an explicit stack: long `&&` chains make deep trees. */
function walk(root: ConditionNode): ConditionNode[] {
  const out: ConditionNode[] = [];
  const stack: ConditionNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    if (node.kind === 'not') stack.push(node.operand);
    else if (node.kind === 'logical' || node.kind === 'comparison') stack.push(node.right, node.left);
  }
  return out;
}

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const TWO_CHAR_OPS = new Set(['&&', '||', '==', '!=', '<=', '>=']);
const ONE_CHAR_OPS = new Set(['!', '<', '>', '(', ')']);
const WORD_LITERALS: Record<string, ConditionLiteral> = { true: true, false: false, null: null };
const WORD_HINTS: Record<string, string> = { and: "'&&'", or: "'||'", not: "'!'" };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '{') {
      const close = text.indexOf('}', i + 1);
      if (close < 0) throw new ConditionSyntaxError("unclosed '{': a variable is written {name}", i);
      const name = text.slice(i + 1, close).trim();
      if (!name || name.includes('{')) throw new ConditionSyntaxError('empty or malformed variable name between { and }', i);
      tokens.push({ type: 'variable', name, start: i, end: close + 1 });
      i = close + 1;
    } else if (ch === "'" || ch === '"') {
      i = readString(text, i, tokens);
    } else if (/[0-9]/.test(ch) || (ch === '-' && /[0-9.]/.test(text[i + 1] ?? '')) || (ch === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      const match = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i))!;
      tokens.push({ type: 'literal', value: Number(match[0]), start: i, end: i + match[0].length });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = /^[A-Za-z_]\w*/.exec(text.slice(i))![0];
      const lower = word.toLowerCase();
      if (lower in WORD_LITERALS) tokens.push({ type: 'literal', value: WORD_LITERALS[lower]!, start: i, end: i + word.length });
      else if (lower in WORD_HINTS) throw new ConditionSyntaxError(`'${word}' is not an operator here; write ${WORD_HINTS[lower]}`, i);
      else throw new ConditionSyntaxError(`unknown word '${word}': variables are written {${word}}, text values in quotes`, i);
      i += word.length;
    } else if (TWO_CHAR_OPS.has(text.slice(i, i + 2))) {
      tokens.push({ type: 'op', op: text.slice(i, i + 2), start: i, end: i + 2 });
      i += 2;
    } else if (ONE_CHAR_OPS.has(ch)) {
      tokens.push({ type: 'op', op: ch, start: i, end: i + 1 });
      i++;
    } else if (ch === '=') {
      throw new ConditionSyntaxError("use '==' to compare, not '='", i);
    } else if (ch === '&' || ch === '|') {
      throw new ConditionSyntaxError(`use '${ch}${ch}', not a single '${ch}'`, i);
    } else {
      throw new ConditionSyntaxError(`unexpected character '${ch}'`, i);
    }
  }
  tokens.push({ type: 'end', start: text.length, end: text.length });
  return tokens;
}

function readString(text: string, start: number, tokens: Token[]): number {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      value += text[i + 1];
      i += 2;
    } else if (ch === quote) {
      tokens.push({ type: 'literal', value, start, end: i + 1 });
      return i + 1;
    } else {
      value += ch;
      i++;
    }
  }
  throw new ConditionSyntaxError(`unterminated string: missing closing ${quote}`, start);
}

function describe(token: Token): string {
  if (token.type === 'end') return 'end of expression';
  if (token.type === 'variable') return `variable {${token.name}}`;
  if (token.type === 'literal') return `value ${JSON.stringify(token.value)}`;
  return `'${token.op}'`;
}

class Parser {
  private position = 0;

  constructor(private readonly tokens: Token[]) {}

  peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    return this.tokens[this.position++]!;
  }

  private isOp(op: string): boolean {
    const token = this.peek();
    return token.type === 'op' && token.op === op;
  }

  parseOr(depth: number): ConditionNode {
    let left = this.parseAnd(depth);
    while (this.isOp('||')) {
      this.next();
      const right = this.parseAnd(depth);
      left = { kind: 'logical', operator: '||', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseAnd(depth: number): ConditionNode {
    let left = this.parseUnary(depth);
    while (this.isOp('&&')) {
      this.next();
      const right = this.parseUnary(depth);
      left = { kind: 'logical', operator: '&&', left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private parseUnary(depth: number): ConditionNode {
    if (!this.isOp('!')) return this.parseComparison(depth);
    const bang = this.next();
    if (depth >= MAX_CONDITION_DEPTH) throw new ConditionSyntaxError(`nested deeper than ${MAX_CONDITION_DEPTH} levels`, bang.start);
    const operand = this.parseUnary(depth + 1);
    return { kind: 'not', operand, start: bang.start, end: operand.end };
  }

  private parseComparison(depth: number): ConditionNode {
    const left = this.parsePrimary(depth);
    const token = this.peek();
    if (token.type !== 'op' || !COMPARISONS.has(token.op)) return left;
    this.next();
    const right = this.parsePrimary(depth);
    const after = this.peek();
    if (after.type === 'op' && COMPARISONS.has(after.op)) {
      throw new ConditionSyntaxError(`comparisons cannot be chained; join them with '&&'`, after.start);
    }
    return { kind: 'comparison', operator: token.op as ComparisonOperator, left, right, start: left.start, end: right.end };
  }

  private parsePrimary(depth: number): ConditionNode {
    const token = this.next();
    if (token.type === 'variable') return { kind: 'variable', name: token.name, start: token.start, end: token.end };
    if (token.type === 'literal') return { kind: 'literal', value: token.value, start: token.start, end: token.end };
    if (token.type === 'op' && token.op === '(') {
      if (depth >= MAX_CONDITION_DEPTH) throw new ConditionSyntaxError(`nested deeper than ${MAX_CONDITION_DEPTH} levels`, token.start);
      const inner = this.parseOr(depth + 1);
      const close = this.next();
      if (close.type !== 'op' || close.op !== ')') {
        throw new ConditionSyntaxError(`expected ')' to close the '(' at column ${token.start + 1}, found ${describe(close)}`, close.start);
      }
      return { ...inner, start: token.start, end: close.end };
    }
    throw new ConditionSyntaxError(`expected a variable, a value or '(', found ${describe(token)}`, token.start);
  }
}
