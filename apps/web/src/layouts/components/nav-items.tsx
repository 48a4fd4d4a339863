import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { groupHasActiveChild, isLinkActive, type TNavEntry, type TNavGroup, type TNavLink } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { NavIcon } from '../../app/navigation/nav-icons';

interface TNavItemsProps {
  entries: TNavEntry[];
  /** Mini mode: icons only, titles in tooltips. */
  mini: boolean;
}

const itemSx = { borderRadius: 1.5, mx: 1.5, my: 0.25, minHeight: 42 } as const;

function NavLinkItem({ link, mini, nested = false }: { link: TNavLink; mini: boolean; nested?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isLinkActive(pathname, link.to);
  const title = t(`nav.${link.title}`);
  const external = Boolean(link.target);
  const button = (
    <ListItemButton
      component={RouterLink}
      to={link.to}
      target={link.target}
      rel={external ? (link.rel ?? 'noopener noreferrer') : link.rel}
      selected={active}
      disabled={link.disable}
      aria-current={active ? 'page' : undefined}
      aria-label={mini ? title : undefined}
      sx={{
        ...itemSx,
        paddingInlineStart: nested && !mini ? 4 : 1.5,
        '&.Mui-selected': {
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          '& .MuiListItemIcon-root': { color: 'inherit' },
          '&:hover, &.Mui-focusVisible': { bgcolor: 'primary.dark' },
        },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <NavIcon name={link.icon} />
      </ListItemIcon>
      {!mini && <ListItemText primary={title} slotProps={{ primary: { noWrap: true } }} />}
      {!mini && link.badgeContent && (
        <Badge badgeContent={link.badgeContent} color="error" sx={{ marginInlineEnd: 1 }} />
      )}
    </ListItemButton>
  );
  return mini ? (
    <Tooltip title={title} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function NavGroupItem({ group, mini }: { group: TNavGroup; mini: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hasActiveChild = groupHasActiveChild(group, pathname);
  const [open, setOpen] = useState(hasActiveChild);
  const title = t(`nav.${group.title}`);

  // SPEC 2.1: groups open automatically when a child matches the current address.
  useEffect(() => {
    if (hasActiveChild) setOpen(true);
  }, [hasActiveChild]);

  return (
    <>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-label={mini ? title : undefined}
        sx={{ ...itemSx, paddingInlineStart: 1.5, color: hasActiveChild ? 'primary.main' : undefined }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: hasActiveChild ? 'primary.main' : undefined }}>
          <NavIcon name={group.icon} />
        </ListItemIcon>
        {!mini && <ListItemText primary={title} />}
        {!mini && (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
      </ListItemButton>
      <Collapse in={open && !mini} timeout="auto" unmountOnExit>
        <List disablePadding>
          {group.children.map((child) => (
            <NavLinkItem key={child.to} link={child} mini={mini} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** SPEC 2.1: headings, groups and links, already filtered by visibleNavigation. */
export function NavItems({ entries, mini }: TNavItemsProps) {
  const { t } = useTranslation();
  return (
    <List component="div" disablePadding sx={{ py: 1 }}>
      {entries.map((entry) => {
        if (entry.kind === 'heading') {
          return mini ? null : (
            <ListSubheader key={entry.title} disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
              {t(`nav.${entry.title}`)}
            </ListSubheader>
          );
        }
        if (entry.kind === 'group') return <NavGroupItem key={entry.title} group={entry} mini={mini} />;
        return <NavLinkItem key={entry.to + entry.title} link={entry} mini={mini} />;
      })}
    </List>
  );
}
