/** How a scenario type is shown: its words, and a tone that says what the agent was tested on. */
export interface ScenarioTypeStyle {
  label: string;
  tone: 'success' | 'warning' | 'error' | 'default';
}

const KNOWN: Record<string, ScenarioTypeStyle> = {
  correct_context: { label: 'Correct context', tone: 'success' },
  missing_parameter: { label: 'Missing parameter', tone: 'warning' },
  failing_function: { label: 'Failing function', tone: 'error' },
};

/** `missing_parameter` → "Missing parameter" (warning); unknown types in sentence case. */
export function scenarioTypeStyle(type: string): ScenarioTypeStyle {
  const known = KNOWN[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'default' };
}
