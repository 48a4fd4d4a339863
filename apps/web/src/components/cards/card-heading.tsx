import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

interface TCardHeadingProps {
  title: ReactNode;
  /** The line under the title, in secondary text. */
  help?: ReactNode;
  helpSx?: SxProps<Theme>;
  /**
   * Given (even `false`), the heading sits in a row with this at its end (an add button, a close
   * button), wrapping on a phone.
   */
  action?: ReactNode;
  /** The row's own style (padding, gap), with `action`. */
  sx?: SxProps<Theme>;
}

/** A card's or a panel's title (an h2) and its help line: the heading every settings card repeats. */
export function CardHeading({ title, help, helpSx, action, sx }: TCardHeadingProps) {
  const heading = (
    <>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={helpSx}>
          {help}
        </Typography>
      )}
    </>
  );
  if (action === undefined) return heading;
  return (
    <Stack
      direction="row"
      sx={[
        { alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box sx={{ minWidth: 0 }}>{heading}</Box>
      {action}
    </Stack>
  );
}
