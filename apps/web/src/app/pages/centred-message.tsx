import type { ReactNode } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface TCentredMessageProps {
  title: string;
  message: string;
  /** The one way on (home, reload). */
  action: ReactNode;
  /** Shown big above the title (the 404). */
  above?: ReactNode;
  role?: BoxProps['role'];
  /** Fills the window (no layout around it) instead of the layout's content area. */
  fullHeight?: boolean;
}

/** A page that is only a message: its title, what happened and the way on, in the middle. */
export function CentredMessage({ title, message, action, above, role, fullHeight = false }: TCentredMessageProps) {
  return (
    <Box
      role={role}
      sx={{
        ...(fullHeight ? { minHeight: '100vh' } : { flex: 1 }),
        display: 'grid',
        placeItems: 'center',
        p: 3,
        textAlign: 'center',
      }}
    >
      <Box sx={{ maxWidth: 480 }}>
        {above}
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {message}
        </Typography>
        {action}
      </Box>
    </Box>
  );
}
