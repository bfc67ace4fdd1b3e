import { Box, Chip, Typography } from '@mui/material';
import EastOutlined from '@mui/icons-material/EastOutlined';
import { Fragment, type ReactNode } from 'react';
import type { Scenario } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { JsonTree, Scalar } from './JsonTree';
import { scenarioTypeStyle } from './scenarioType';
import { Section } from './Section';

interface Props {
  scenario: Scenario | null;
  /** The SOP graph (procedure) the conversation follows. */
  graph: string | null;
}

/**
 * The situation the conversation was run for: scenario type, the journey through the graph,
 * seed or persona, and what the simulated user knows — what a reviewer checks the agent's
 * questions and tool arguments against.
 */
export function ScenarioPanel({ scenario, graph }: Props) {
  const rows: [string, ReactNode][] = [];
  if (scenario?.type) {
    const style = scenarioTypeStyle(scenario.type);
    rows.push([
      'Type',
      <Chip
        key="type"
        size="small"
        color={style.tone}
        variant="outlined"
        label={style.label}
        title={scenario.type}
        data-testid="scenario-type"
        sx={{ fontWeight: 600, bgcolor: '#fff' }}
      />,
    ]);
  }
  if (graph) rows.push(['Procedure', <Typography key="graph" sx={{ fontSize: 14 }}>{graph}</Typography>]);
  if (scenario?.journey?.length) rows.push(['Journey', <Journey key="journey" nodes={scenario.journey} />]);
  if (scenario?.seed !== null && scenario?.seed !== undefined) {
    rows.push(['Seed', <Typography key="seed" sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{String(scenario.seed)}</Typography>]);
  }
  if (scenario?.persona !== null && scenario?.persona !== undefined) {
    rows.push([
      'Persona',
      typeof scenario.persona === 'string' ? (
        <Typography key="persona" sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {scenario.persona}
        </Typography>
      ) : (
        <JsonTree key="persona" value={scenario.persona} openDepth={2} label="Persona" />
      ),
    ]);
  }
  if (scenario?.userInfo && Object.keys(scenario.userInfo).length) rows.push(['User info', <UserInfo key="user" info={scenario.userInfo} />]);
  for (const [key, value] of Object.entries(scenario?.extra ?? {})) {
    rows.push([key, <JsonTree key={key} value={value} openDepth={1} label={key} />]);
  }

  return (
    <Section title="Scenario" testId="scenario-panel">
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The source gives no scenario for this conversation.
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2.5, rowGap: 1, alignItems: 'baseline' }}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <Box component="dt" sx={{ fontSize: 12.5, color: 'text.secondary', fontWeight: 500 }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0 }} data-testid={`scenario-${label.toLowerCase().replace(/\s+/g, '-')}`}>
                {value}
              </Box>
            </Fragment>
          ))}
        </Box>
      )}
    </Section>
  );
}

function Journey({ nodes }: { nodes: string[] }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      {nodes.map((node, i) => (
        <Fragment key={i}>
          {i > 0 && <EastOutlined sx={{ fontSize: 14, color: '#a3adb8', mx: 0.5 }} aria-label="then" />}
          <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, px: 0.75, py: 0.1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}>
            {node}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** What the simulated user knows, as a small table; nested values as a tree. */
function UserInfo({ info }: { info: Record<string, unknown> }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25, fontFamily: MONO_FONT, fontSize: 12.5 }}>
      {Object.entries(info).map(([key, value]) => (
        <Fragment key={key}>
          <Box sx={{ color: '#2f5d8a' }}>{key}</Box>
          <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {value !== null && typeof value === 'object' ? <JsonTree value={value} openDepth={1} label={key} /> : <Scalar value={value} />}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
