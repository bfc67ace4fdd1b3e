/** Price of a model in currency units (e.g. US dollars) per one million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

/** Prices by model name; a `*` entry applies to models not listed. */
export type PriceTable = Record<string, ModelPrice>;

/** Token counts of one call, as the server reported them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * The cost of one call: prompt tokens × input price + completion tokens × output price, per
 * million tokens. Null when the model has no price (an unknown cost is not a free one).
 *
 * @example callCost({ 'gpt-4o-mini': { input: 0.15, output: 0.6 } }, 'gpt-4o-mini', { promptTokens: 1000, completionTokens: 200 }) // 0.00027
 */
export function callCost(prices: PriceTable, model: string, usage: TokenUsage): number | null {
  const price = Object.hasOwn(prices, model) ? prices[model] : Object.hasOwn(prices, '*') ? prices['*'] : undefined;
  if (!price) return null;
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
}
