import { CssBaseline, ThemeProvider } from '@mui/material';
import { useMemo } from 'react';
import { RouterProvider, createHashRouter } from 'react-router';
import { ApiProvider } from '../api/ApiProvider';
import type { Transport } from '../api/transport';
import { theme } from '../theme/theme';
import { routes } from './routes';

/**
 * The whole renderer: theme, API, and hash routing — hash routes work unchanged from
 * `file://` in Electron and from `/` in browser mode, and give deep links like `#/items/12`.
 */
export function App({ transport }: { transport: Transport }) {
  const router = useMemo(() => createHashRouter(routes), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ApiProvider transport={transport}>
        <RouterProvider router={router} />
      </ApiProvider>
    </ThemeProvider>
  );
}
