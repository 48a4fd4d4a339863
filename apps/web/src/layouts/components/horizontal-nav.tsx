import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { groupHasActiveChild, isLinkActive, type TNavGroup } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { NavIcon } from '../../app/navigation/nav-icons';
import { useVisibleNavigation } from '../../app/navigation/use-visible-navigation';

function HorizontalGroup({ group }: { group: TNavGroup }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = groupHasActiveChild(group, pathname);
  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        variant={active ? 'contained' : 'text'}
        startIcon={<NavIcon name={group.icon} />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t(`nav.${group.title}`)}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {group.children.map((child) => (
          <MenuItem
            key={child.to}
            component={RouterLink}
            to={child.to}
            selected={isLinkActive(pathname, child.to)}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <NavIcon name={child.icon} />
            </ListItemIcon>
            {t(`nav.${child.title}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** SPEC 2.1 horizontal navigation: the same visible entries as the sidebar, in a row. */
export function HorizontalNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useVisibleNavigation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      {entries.map((entry) => {
        if (entry.kind === 'heading') return null;
        if (entry.kind === 'group') return <HorizontalGroup key={entry.title} group={entry} />;
        const active = isLinkActive(pathname, entry.to);
        return (
          <Button
            key={entry.to + entry.title}
            component={RouterLink}
            to={entry.to}
            color={active ? 'primary' : 'inherit'}
            variant={active ? 'contained' : 'text'}
            aria-current={active ? 'page' : undefined}
            startIcon={<NavIcon name={entry.icon} />}
          >
            {t(`nav.${entry.title}`)}
          </Button>
        );
      })}
    </Box>
  );
}
