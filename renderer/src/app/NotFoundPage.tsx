import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';

/** A link that leads nowhere: say so and offer the way back. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <Box sx={{ p: 6, maxWidth: 560 }}>
      <Typography variant="h1" gutterBottom>
        Nothing here
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no screen at <code>#{location.pathname}</code>.
      </Typography>
      <Button component={RouterLink} to="/datasets" variant="outlined">
        Go to datasets
      </Button>
    </Box>
  );
}
