import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

/** Colours of finding severities, used by chips, icons and the findings list alike. */
export const severityColor = {
  error: 'error',
  warning: 'warning',
  info: 'info',
} as const;

const FONT = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Monospace stack for ids, JSON and source text. */
export const MONO_FONT = ['"JetBrains Mono"', '"SFMono-Regular"', 'Menlo', 'Consolas', '"DejaVu Sans Mono"', 'monospace'].join(',');

/**
 * A calm theme for long review sessions: slate neutrals, one muted blue accent, hairline
 * borders instead of shadows, and compact controls so tables stay dense but readable.
 */
export const theme = createTheme({
  // Motion follows the system's "reduce motion" setting (WCAG 2.3.3): no ripples, slides or
  // fades for people who turn it off. The browser tests run with it (playwright.config.ts).
  motion: { reducedMotion: 'system' },
  palette: {
    mode: 'light',
    primary: { main: '#2f5d8a', light: '#e8eff6', dark: '#214566', contrastText: '#ffffff' },
    secondary: { main: '#5b6b7d' },
    error: { main: '#b3261e', light: '#fbeaea' },
    warning: { main: '#a15c00', light: '#fdf1dc' },
    info: { main: '#3d6a8f', light: '#e9f1f7' },
    success: { main: '#2e7d4f', light: '#e7f4ec' },
    background: { default: '#f5f6f8', paper: '#ffffff' },
    text: { primary: '#1d2733', secondary: '#5b6878' },
    divider: '#e1e5ea',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: FONT,
    fontSize: 14,
    h1: { fontSize: '1.5rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
    h3: { fontSize: '1.05rem', fontWeight: 600 },
    h4: { fontSize: '0.95rem', fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    overline: { fontWeight: 600, letterSpacing: '0.08em', lineHeight: 2 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: '#e1e5ea' } },
    },
    // The flat Paper default above reached the autocomplete fields' option lists too (a menu's
    // Paper sets its own elevation, theirs does not): the options floated over the form with no
    // edge, reading like more of its fields. They get a menu's shadow and a hairline border.
    MuiAutocomplete: {
      styleOverrides: { paper: ({ theme }) => ({ boxShadow: theme.shadows[8], border: `1px solid ${theme.palette.divider}` }) },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 }, sizeSmall: { height: 22 } } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, color: '#5b6878', backgroundColor: '#fafbfc' },
        sizeSmall: { paddingTop: 8, paddingBottom: 8 },
      },
    },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiDataGrid: {
      styleOverrides: {
        root: { border: 'none', '--DataGrid-containerBackground': '#fafbfc' },
        columnHeaderTitle: { fontWeight: 600, color: '#5b6878' },
        cell: { display: 'flex', alignItems: 'center' },
      },
    },
  },
});
