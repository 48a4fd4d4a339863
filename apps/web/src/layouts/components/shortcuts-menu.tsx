import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddLinkOutlinedIcon from '@mui/icons-material/AddLinkOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NavIcon } from '../../app/navigation/nav-icons';
import { useVisibleLinks } from '../../app/navigation/use-visible-navigation';
import { useEndAlignedPopover } from './popover-origin';

/** The pages staff open most, in this order; only those the user can see are offered. */
const FREQUENT = ['orders', 'customers', 'products', 'stock', 'analytics', 'expenses', 'users', 'profile'];
const MAX_SHORTCUTS = 6;

export function ShortcutsMenu() {
  const { t } = useTranslation();
  const links = useVisibleLinks();
  const { openFrom, close, popover } = useEndAlignedPopover();
  const shortcuts = FREQUENT.flatMap((title) => links.filter((link) => link.title === title)).slice(0, MAX_SHORTCUTS);
  if (shortcuts.length === 0) return null;

  return (
    <>
      <Tooltip title={t('shortcuts.title')}>
        <IconButton aria-label={t('shortcuts.title')} aria-haspopup="dialog" onClick={openFrom}>
          <AddLinkOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Popover {...popover} slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 24px)' } } }}>
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, py: 1.5, fontWeight: 600 }}>
          {t('shortcuts.title')}
        </Typography>
        <Divider />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', p: 1, gap: 1 }}>
          {shortcuts.map((link) => (
            <ButtonBase
              key={link.to}
              component={RouterLink}
              to={link.to}
              onClick={close}
              sx={{
                flexDirection: 'column',
                gap: 1,
                py: 2,
                borderRadius: 1,
                color: 'text.primary',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  bgcolor: 'action.selected',
                }}
              >
                <NavIcon name={link.icon} />
              </Box>
              <Typography variant="body2">{t(`nav.${link.title}`)}</Typography>
            </ButtonBase>
          ))}
        </Box>
      </Popover>
    </>
  );
}
