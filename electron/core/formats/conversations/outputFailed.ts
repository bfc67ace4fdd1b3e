import type { ToolOutput } from './model';

/** Text a failed tool's output starts with in the logs agents write (`Error: user not found`). */
const ERROR_TEXT = /^\s*(error|exception|traceback|failed|failure)\b/i;

/**
 * Whether a tool output reports that the call failed: text starting with "Error",
 * "Exception", "Traceback" or "Failed" (the way tau-bench and most agent logs return a tool's
 * error to the model), or a JSON object with a non-empty `error`, `success: false`, or
 * `status: "error"` (as OTLP-derived outputs carry a span's error status).
 *
 * @example outputFailed({ content: 'Error: reservation not found', … }) // → true
 */
export function outputFailed(output: ToolOutput): boolean {
  const content = output.content;
  if (typeof content === 'string') return ERROR_TEXT.test(content);
  if (content === null || typeof content !== 'object' || Array.isArray(content)) return false;
  const record = content as Record<string, unknown>;
  const error = Object.prototype.hasOwnProperty.call(record, 'error') ? record.error : undefined;
  if (error !== undefined && error !== null && error !== false && error !== '') return true;
  if (record.success === false) return true;
  return typeof record.status === 'string' && record.status.toLowerCase() === 'error';
}
