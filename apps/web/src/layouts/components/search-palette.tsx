import { useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWindowKeyDown } from '../../lib/use-window-keydown';
import { NavIcon } from '../../app/navigation/nav-icons';
import { useVisibleLinks } from '../../app/navigation/use-visible-navigation';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Command-palette search over the pages this user can see (SPEC 2.1 search bar). Ctrl/Cmd+K. */
export function SearchPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useVisibleLinks();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shortcut = isMac ? '⌘K' : 'Ctrl+K';

  useWindowKeyDown((event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      setOpen(true);
    }
  });

  const results = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    return links
      .map((link) => ({ link, title: t(`nav.${link.title}`) }))
      .filter(({ title, link }) => !needle || title.toLocaleLowerCase().includes(needle) || link.to.includes(needle));
  }, [links, query, t]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActive(0);
  };
  const go = (to: string) => {
    close();
    void navigate(to);
  };

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter' && results[active]) go(results[active].link.to);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('search.open', { shortcut })}
        sx={{
          display: { xs: 'none', md: 'inline-flex' },
          alignItems: 'center',
          gap: 1,
          border: 0,
          bgcolor: 'transparent',
          color: 'text.secondary',
          font: 'inherit',
          cursor: 'pointer',
          px: 1,
          py: 0.75,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <SearchIcon />
        <Typography component="span">{t('search.placeholder')}</Typography>
        <Typography
          component="kbd"
          variant="caption"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.5 }}
        >
          {shortcut}
        </Typography>
      </Box>
      <IconButton
        aria-label={t('search.open', { shortcut })}
        onClick={() => setOpen(true)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-label={t('search.title')}
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } } } }}
      >
        <Box sx={{ p: 2 }}>
          <TextField
            autoFocus
            fullWidth
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('search.placeholder')}
            slotProps={{
              htmlInput: {
                'aria-label': t('search.title'),
                role: 'combobox',
                'aria-expanded': true,
                'aria-controls': 'search-results',
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        {results.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 3, pb: 3 }}>
            {t('search.no_results', { query })}
          </Typography>
        ) : (
          <List id="search-results" role="listbox" sx={{ maxHeight: 400, overflowY: 'auto', pt: 0 }}>
            {results.map(({ link, title }, index) => (
              <ListItemButton
                key={link.to + link.title}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(link.to)}
              >
                <ListItemIcon>
                  <NavIcon name={link.icon} />
                </ListItemIcon>
                <ListItemText primary={title} secondary={link.to} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Dialog>
    </>
  );
}
