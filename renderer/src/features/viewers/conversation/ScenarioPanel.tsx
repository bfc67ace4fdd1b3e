import { Box, Chip, Link, Typography } from '@mui/material';
import EastOutlined from '@mui/icons-material/EastOutlined';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Scenario } from '../../../../../electron/api/artifacts';
import type { ItemDetail } from '../../../../../electron/api/contract';
import { MONO_FONT } from '../../../theme/theme';
import { OtherFieldsToggle, otherFieldCount } from '../OtherFields';
import { JsonTree, Scalar } from './JsonTree';
import { scenarioTypeStyle } from './scenarioType';
import { Section } from './Section';

interface Props {
  scenario: Scenario | null;
  /** The SOP graph (procedure) the conversation follows. */
  graph: string | null;
  /** The graph item with that id, when the workspace has one (`items.get`'s flowgraph link). */
  flowgraph?: ItemDetail['flowgraph'];
  /** The record's fields Accord's model does not know (`Conversation.extra`), shown once, here. */
  extra?: Record<string, unknown>;
}

interface Field {
  label: string;
  value: ReactNode;
  /** Takes a line of its own (long text, structures). */
  wide?: boolean;
}

/**
 * The situation the conversation was run for — scenario type, the journey through the graph,
 * seed or persona, and what the simulated user knows — in a few compact lines: what a reviewer
 * checks the agent's questions and tool arguments against, without pushing the transcript away.
 */
export function ScenarioPanel({ scenario, graph, flowgraph, extra }: Props) {
  const fields: Field[] = [];
  if (scenario?.type) {
    const style = scenarioTypeStyle(scenario.type);
    fields.push({
      label: 'Type',
      value: <Chip size="small" color={style.tone} variant="outlined" label={style.label} title={scenario.type} sx={{ fontWeight: 600, bgcolor: '#fff', height: 22 }} />,
    });
  }
  if (graph) fields.push({ label: 'Procedure', value: <Procedure graph={graph} flowgraph={flowgraph} /> });
  if (scenario?.journey?.length) fields.push({ label: 'Journey', value: <Journey nodes={scenario.journey} /> });
  if (scenario?.seed !== null && scenario?.seed !== undefined) {
    fields.push({ label: 'Seed', value: <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{String(scenario.seed)}</Typography> });
  }
  if (scenario?.userInfo && Object.keys(scenario.userInfo).length) fields.push({ label: 'User info', value: <UserInfo info={scenario.userInfo} />, wide: true });
  if (scenario?.persona !== null && scenario?.persona !== undefined) {
    fields.push({
      label: 'Persona',
      wide: true,
      value:
        typeof scenario.persona === 'string' ? (
          <Typography component="span" sx={{ fontSize: 13.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {scenario.persona}
          </Typography>
        ) : (
          <JsonTree value={scenario.persona} openDepth={2} label="Persona" />
        ),
    });
  }
  for (const [key, value] of Object.entries(scenario?.extra ?? {})) {
    fields.push({ label: key, wide: true, value: <JsonTree value={value} openDepth={1} label={key} /> });
  }

  // The record's other fields, under the scenario (what the run was for): one quiet line, opened on demand.
  const recordFields = otherFieldCount(extra) > 0 && (
    <OtherFieldsToggle extra={extra} label="Other fields of the record" testId="record-other-fields" sx={fields.length > 0 ? { mt: 1 } : undefined} />
  );
  const none = <Typography variant="body2" color="text.secondary">none in the source</Typography>;
  if (fields.length === 0) {
    return (
      <Section title="Scenario" testId="scenario-panel" aside={none}>
        {recordFields || null}
      </Section>
    );
  }
  return (
    <Section title="Scenario" testId="scenario-panel">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'baseline' }}>
        {fields.map(({ label, value, wide }) => (
          <Box
            key={label}
            sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0, ...(wide && { flexBasis: '100%' }) }}
          >
            <Typography component="span" sx={{ fontSize: 12.5, color: 'text.secondary', whiteSpace: 'nowrap', flexShrink: 0 }}>
              {label}
            </Typography>
            <Box sx={{ minWidth: 0 }} data-testid={`scenario-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      {recordFields}
    </Section>
  );
}

/** The procedure's name, linked to its flowgraph when the workspace has a graph with that id; said plainly when none has. */
function Procedure({ graph, flowgraph }: { graph: string; flowgraph: Props['flowgraph'] }) {
  const name = <Typography component="span" sx={{ fontSize: 13.5 }}>{graph}</Typography>;
  if (!flowgraph) return name;
  if (flowgraph.item) {
    return (
      <Link component={RouterLink} to={`/items/${flowgraph.item.id}`} underline="hover" sx={{ fontSize: 13.5 }} data-testid="open-flowgraph">
        {graph} <Box component="span" sx={{ color: 'text.secondary' }}>· open flowgraph</Box>
      </Link>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      {name}
      <Chip size="small" color="warning" variant="outlined" label="no flowgraph with this id in the workspace" data-testid="unknown-flowgraph" sx={{ height: 22, bgcolor: '#fff' }} />
    </Box>
  );
}

function Journey({ nodes }: { nodes: string[] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      {nodes.map((node, i) => (
        <Fragment key={i}>
          {i > 0 && <EastOutlined sx={{ fontSize: 13, color: '#a3adb8', mx: 0.4 }} aria-label="then" />}
          <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, lineHeight: 1.5, px: 0.6, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}>
            {node}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** What the simulated user knows, on one wrapping line of `key value` pairs; nested values as a tree. */
function UserInfo({ info }: { info: Record<string, unknown> }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25, fontFamily: MONO_FONT, fontSize: 12.5 }}>
      {Object.entries(info).map(([key, value]) => (
        <Box component="span" key={key} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: '#2f5d8a', mr: 0.75 }}>
            {key}
          </Box>
          {value !== null && typeof value === 'object' ? <JsonTree value={value} openDepth={1} label={key} /> : <Scalar value={value} />}
        </Box>
      ))}
    </Box>
  );
}
