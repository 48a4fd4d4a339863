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
import { useEndAlignedPopover } from './popover-origin';
import { UserAvatar } from './user-avatar';

/** SPEC 9: the user menu is 230 wide. */
export const USER_MENU_WIDTH = 230;

/** SPEC 2.1: avatar dropdown with profile link and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useUserData();
  const logout = useLogout();
  const { isOpen, openFrom, close, popover } = useEndAlignedPopover();
  const name = user?.name ?? '';

  return (
    <>
      <IconButton aria-label={t('user_menu.open')} aria-haspopup="menu" onClick={openFrom} sx={{ p: 0.5 }}>
        <UserAvatar name={name} src={user?.avatar_url ?? null} />
      </IconButton>
      <Popover {...popover} slotProps={{ paper: { sx: { width: USER_MENU_WIDTH, mt: 1 } } }}>
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
        <MenuList autoFocusItem={isOpen} dense>
          {[
            { to: '/dashboard/profile', Icon: PersonOutlineIcon, label: t('user_menu.profile') },
            { to: '/dashboard/tutorials', Icon: OndemandVideoOutlinedIcon, label: t('pages.tutorials') },
          ].map(({ to, Icon, label }) => (
            <MenuItem key={to} component={RouterLink} to={to} onClick={close}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          ))}
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
