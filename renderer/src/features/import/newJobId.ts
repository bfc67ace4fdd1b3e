/**
 * A job id made here, so the dialog can listen for the job's progress before the call that
 * starts it returns. randomUUID needs a secure context, which both 127.0.0.1 and file:// are;
 * the fallback only guards odd embeddings.
 */
export function newJobId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `import-${random}`;
}
