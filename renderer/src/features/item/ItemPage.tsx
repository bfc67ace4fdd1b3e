import { Alert, Box, LinearProgress } from '@mui/material';
import { ArtifactPanel } from '../viewers/ArtifactPanel';
import { FindingsList } from './FindingsList';
import { ItemHeader } from './ItemHeader';
import { ItemNavigator } from './ItemNavigator';
import { useItemRoute } from './useItemRoute';

/** `#/items/:id`: one item — who it is, what the validators found, and the artifact itself. */
export default function ItemPage() {
  const route = useItemRoute();
  const { data: item, error, loading, stale } = route.item;
  return (
    <Box sx={{ p: 3, pt: 1.5, maxWidth: 1600, width: '100%' }}>
      <ItemNavigator backHref={route.backHref} neighbours={route.neighbours} steps={route.steps} />
      {route.id === null && <Alert severity="error">This link does not name an item.</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {loading && (!item || stale) && <LinearProgress aria-label="Loading item" sx={{ mb: 2 }} />}
      {item && !stale && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ItemHeader item={item} />
          {item.scoresHidden && (
            <Alert severity="info" variant="outlined" data-testid="item-scores-hidden">
              Automatic scores (reference F1 and tiers, validator verdicts, rewards from the source) are hidden from you: this item is in a task you label, and its lead hides them so
              they do not sway your judgement. Findings that help reading stay.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' }, gap: 2, alignItems: 'start' }}>
            <ArtifactPanel key={item.id} item={item} unit={route.unit} onSelectUnit={route.selectUnit} />
            <Box sx={{ position: { lg: 'sticky' }, top: 16, order: { xs: -1, lg: 0 } }}>
              <FindingsList findings={item.findings} selectedUnit={route.unitText} onSelectUnit={route.selectUnit} />
            </Box>
          </Box>
        </Box>
      )}
    </Box>
  );
}
