import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/judges/canonicalJson';
import type { ChatRequest } from '../../core/judges/request';

/** `requestHash` of core/judges with Node's native SHA-256: the same hex, a tenth of the time. */
export function nodeRequestHash(request: ChatRequest): string {
  return createHash('sha256').update(canonicalJson(request), 'utf8').digest('hex');
}
