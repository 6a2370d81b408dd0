import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Groups from '@mui/icons-material/Groups';
import Landscape from '@mui/icons-material/Landscape';
import Logout from '@mui/icons-material/Logout';
import SportsKabaddi from '@mui/icons-material/SportsKabaddi';
import Shield from '@mui/icons-material/Shield';
import Mail from '@mui/icons-material/Mail';
import MapIcon from '@mui/icons-material/Map';
import Storefront from '@mui/icons-material/Storefront';
import { useGetStaffMeQuery } from '../../api/staff-endpoints';
import { useUnreadCount } from './use-unread-count';

interface NavButtonProps {
  to: string;
  label: string;
  /** A fuller name for assistive technology, e.g. with the unread count. */
  ariaLabel?: string;
  children: ReactNode;
}

function NavButton({ to, label, ariaLabel = label, children }: NavButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton
        component={NavLink}
        to={to}
        nativeButton={false}
        aria-label={ariaLabel}
        // Narrower on a phone, so that every screen's button (and staff's Admin) fits 390 px
        // on one row beside the emblem: 26 px each there, the icon still 22 px.
        sx={{
          p: { xs: 0.25, sm: 1 },
          '& .MuiSvgIcon-root': { fontSize: { xs: 22, sm: 24 } },
          color: 'text.secondary',
          '&.active': { color: 'secondary.main' },
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The top bar's icon buttons; the current screen's button is orange (aria-current="page").
 * Staff also see "Admin", the operators' console: `GET /diwan/me` answers them only.
 */
export function NavButtons() {
  const unread = useUnreadCount();
  const { data: staff } = useGetStaffMeQuery();
  return (
    <Stack
      component="nav"
      aria-label="Main"
      direction="row"
      sx={{
        justifyContent: { xs: 'space-around', md: 'flex-end' },
        flex: { xs: 1, md: 'none' },
        order: { xs: 3, md: 0 },
        minWidth: 0,
      }}
    >
      <NavButton to="/lands" label="Lands">
        <Landscape />
      </NavButton>
      <NavButton to="/map" label="Map">
        <MapIcon />
      </NavButton>
      <NavButton to="/heroes" label="Heroes">
        <Groups />
      </NavButton>
      <NavButton to="/marketplace" label="Marketplace">
        <Storefront />
      </NavButton>
      <NavButton
        to="/messages"
        label="Inbox"
        ariaLabel={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
      >
        {/* No badge at all when everything is read: MUI keeps a hidden badge's last number in
            the page, which the browser's accessibility check reads as the link's visible text. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="secondary" max={99}>
            <Mail />
          </Badge>
        ) : (
          <Mail />
        )}
      </NavButton>
      <NavButton to="/unique" label="Unique missions">
        <AutoAwesome />
      </NavButton>
      <NavButton to="/arena" label="Arena">
        <SportsKabaddi />
      </NavButton>
      <NavButton to="/alliances" label="Alliance">
        <Shield />
      </NavButton>
      <NavButton to="/profile" label="Profile">
        <AccountCircle />
      </NavButton>
      {staff && (
        <NavButton to="/admin" label="Admin">
          <AdminPanelSettings />
        </NavButton>
      )}
      <NavButton to="/logout" label="Logout">
        <Logout />
      </NavButton>
    </Stack>
  );
}
