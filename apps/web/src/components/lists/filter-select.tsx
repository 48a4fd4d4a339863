import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface TFilterSelectProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  minWidth?: number;
}

/** One filter of a list toolbar; the first option is "any". */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  minWidth = 160,
}: TFilterSelectProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}
      // "Any" is the empty value: show it, with the label above it like any chosen value.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
