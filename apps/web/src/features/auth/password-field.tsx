import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { OutlinedField, type TOutlinedFieldProps } from './outlined-field';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TOutlinedFieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <OutlinedField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={t(visible ? 'auth.hide_password' : 'auth.show_password')}
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
