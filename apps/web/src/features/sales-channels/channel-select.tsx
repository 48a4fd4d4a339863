import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TSalesSourceType } from '@cod/shared';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ChannelIcon } from './channel-icons';

/** How a value of the menu looks: the channel icon it gives, then its name. */
export interface TChannelLook {
  icon: string | null;
  sourceType: TSalesSourceType;
  label: string;
}

/** A choice of the source or icon menus: its channel icon, then its name. */
export function channelMenuItem(value: string, { icon, sourceType, label }: TChannelLook) {
  return (
    <MenuItem key={value} value={value}>
      <ListItemIcon>
        <ChannelIcon icon={icon} sourceType={sourceType} fontSize="small" />
      </ListItemIcon>
      {label}
    </MenuItem>
  );
}

interface TChannelSelectProps<TForm extends FieldValues, TOutput> {
  control: Control<TForm, unknown, TOutput>;
  name: Path<TForm>;
  label: string;
  required?: boolean;
  /** The field's message (it replaces the help underneath). */
  error?: string;
  help?: string;
  /** The closed select shows the chosen value with its icon too. */
  look: (value: string) => TChannelLook;
  /** The empty value is a choice of its own (the icon of the channel's source). */
  emptyIsChoice?: boolean;
  children: ReactNode;
}

/** A select of the channel form whose choices, and the chosen value, show the icon they give. */
export function ChannelSelect<TForm extends FieldValues, TOutput>(props: TChannelSelectProps<TForm, TOutput>) {
  const { control, name, label, required, error, help, look, emptyIsChoice, children } = props;
  const { field } = useController({ control, name });
  return (
    <TextField
      select
      label={label}
      required={required}
      value={field.value ?? ''}
      onChange={field.onChange}
      inputRef={field.ref}
      error={Boolean(error)}
      helperText={error ?? help}
      slotProps={{
        select: {
          displayEmpty: emptyIsChoice,
          renderValue: (value) => {
            const chosen = look(String(value));
            return (
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <ChannelIcon
                  icon={chosen.icon}
                  sourceType={chosen.sourceType}
                  fontSize="small"
                  sx={{ marginInlineEnd: 1 }}
                />
                {chosen.label}
              </Box>
            );
          },
        },
        inputLabel: emptyIsChoice ? { shrink: true } : undefined,
      }}
    >
      {children}
    </TextField>
  );
}
