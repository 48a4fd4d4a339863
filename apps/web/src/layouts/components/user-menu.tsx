import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { SUPPORT_AGENT_ROLE } from '../../lib/roles';
import { useUserData } from '../../lib/use-session';
import { useEndAlignedOrigins } from './popover-origin';
import { UserAvatar } from './user-avatar';

/** SPEC 9: the user menu is 230 wide. */
export const USER_MENU_WIDTH = 230;

/** SPEC 2.1: avatar dropdown with profile link and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUserData();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const origins = useEndAlignedOrigins();
  const name = user?.name ?? '';
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={t('user_menu.open')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar name={name} src={user?.avatar_url ?? null} />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        {...origins}
        slotProps={{ paper: { sx: { width: USER_MENU_WIDTH, mt: 1 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.5 }}>
          <UserAvatar name={name} src={user?.avatar_url ?? null} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user?.role}
            </Typography>
          </Box>
        </Box>
        {user?.role === SUPPORT_AGENT_ROLE && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
            {t('user_menu.commission_type', { type: user.commission_type ?? '' })}
          </Typography>
        )}
        <Divider />
        <MenuList autoFocusItem={Boolean(anchor)} dense>
          <MenuItem component={RouterLink} to="/dashboard/profile" onClick={close}>
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('user_menu.profile')}</ListItemText>
          </MenuItem>
          <MenuItem component={RouterLink} to="/dashboard/tutorials" onClick={close}>
            <ListItemIcon>
              <OndemandVideoOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('pages.tutorials')}</ListItemText>
          </MenuItem>
          <Divider />
          <MenuItem
            disabled={logout.isPending}
            onClick={() => {
              close();
              logout.mutate();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('user_menu.logout')}</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
