import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';

// SPEC 9: searches are debounced 500 ms (the orders screen's value, kept for every list).
export const SEARCH_DEBOUNCE_MS = 500;

interface TSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

/** A list's search box: typing is local, the URL follows once the user pauses. */
export function SearchField({ value, onChange, label, placeholder }: TSearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onChange, SEARCH_DEBOUNCE_MS);

  // Back/forward or a cleared filter changes the URL: the box follows it.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    commit(text.trim());
    return commit.cancel;
  }, [text, value, commit]);

  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text.trim());
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      slotProps={{
        htmlInput: { enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('lists.clear_search')}
                onClick={() => {
                  setText('');
                  onChange('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
