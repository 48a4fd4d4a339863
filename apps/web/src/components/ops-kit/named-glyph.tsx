import Box, { type BoxProps } from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/** A small picture that says what it means: a tooltip for the eye, an image role and label for screen readers. */
export function NamedGlyph({ label, ...box }: { label: string } & BoxProps) {
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} {...box} />
    </Tooltip>
  );
}
