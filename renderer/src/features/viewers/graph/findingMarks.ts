import type { Finding } from './graphTypes';

type Severity = Finding['severity'];

/** The findings pinned on one node or edge, for its badge and its inspector. */
export interface FindingMark {
  /** The most severe of them: the badge's colour. */
  severity: Severity;
  findings: Finding[];
}

/** Findings grouped by the node id and the edge key they concern. */
export interface FindingMarks {
  nodes: Map<string, FindingMark>;
  edges: Map<string, FindingMark>;
}

const RANK: Record<Severity, number> = { error: 3, warning: 2, info: 1 };

/**
 * Pins each finding on the node (`location.node`) or edge (`location.edge`, a key such as `e3`)
 * it names; item-level findings are pinned nowhere (the page's findings list shows them).
 */
export function findingMarks(findings: Finding[]): FindingMarks {
  const marks: FindingMarks = { nodes: new Map(), edges: new Map() };
  for (const finding of findings) {
    const location = finding.location;
    if (!location) continue;
    // Node before edge, as the findings list's deep links (shared/units `unitOf`) choose.
    if (location.node !== undefined && location.node !== null) add(marks.nodes, String(location.node), finding);
    else if (location.edge !== undefined && location.edge !== null) add(marks.edges, String(location.edge), finding);
  }
  return marks;
}

function add(map: Map<string, FindingMark>, key: string, finding: Finding) {
  const mark = map.get(key);
  if (!mark) map.set(key, { severity: finding.severity, findings: [finding] });
  else {
    mark.findings.push(finding);
    if (RANK[finding.severity] > RANK[mark.severity]) mark.severity = finding.severity;
  }
}
