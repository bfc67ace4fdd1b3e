/**
 * Hands out item ids unique within one file: the first record with a base id gets it as is,
 * later ones `base#2`, `base#3`, … (skipping any id already handed out), so that ids stay the
 * same when the same file is imported again.
 */
export class ExternalIdAllocator {
  private readonly issued = new Set<string>();
  private readonly seen = new Map<string, number>();

  /** The id for the next record with this base id, and how many records had the base before it. */
  allocate(base: string): { id: string; earlier: number } {
    const earlier = this.seen.get(base) ?? 0;
    this.seen.set(base, earlier + 1);
    let id = base;
    for (let n = earlier + 1; this.issued.has(id); n++) id = `${base}#${n}`;
    this.issued.add(id);
    return { id, earlier };
  }
}
