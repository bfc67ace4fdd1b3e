import { Box, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { NavLink, useLocation } from 'react-router';
import { useIdentity } from '../features/identity/identityContext';
import { canAdjudicate } from '../features/identity/identityStore';
import { navigation } from './navigation';

export const SIDE_NAV_WIDTH = 208;

/** The left navigation, drawn from navigation.ts. */
export function SideNav() {
  const { pathname } = useLocation();
  const { identity } = useIdentity();
  const annotator = identity !== null && !canAdjudicate(identity.role);
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ width: SIDE_NAV_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowY: 'auto' }}
    >
      {navigation.map((section) => (
        <List
          key={section.title}
          dense
          subheader={
            <ListSubheader disableSticky sx={{ lineHeight: '36px', fontSize: 11, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase' }}>
              {section.title}
            </ListSubheader>
          }
          sx={{ px: 1 }}
        >
          {section.entries.map((entry) => {
            const active = pathname === entry.path || pathname.startsWith(`${entry.path}/`);
            const Icon = entry.icon;
            const locked = annotator && entry.adjudicatorsOnly === true;
            return (
              <ListItemButton
                key={entry.path}
                component={NavLink}
                to={entry.path}
                selected={active}
                sx={{ borderRadius: 1, mb: 0.25, '&.Mui-selected': { bgcolor: 'primary.light', color: 'primary.dark' } }}
              >
                <ListItemIcon sx={{ minWidth: 34, color: active ? 'primary.main' : 'text.secondary' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={entry.label} slotProps={{ primary: { sx: { fontWeight: active ? 600 : 500, fontSize: 14 } } }} />
                {locked && <LockOutlined titleAccess="For adjudicators and leads" data-testid="nav-locked" sx={{ fontSize: 15, color: 'text.disabled' }} />}
              </ListItemButton>
            );
          })}
        </List>
      ))}
    </Box>
  );
}
