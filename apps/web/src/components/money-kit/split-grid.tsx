import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Cards laid side by side from a breakpoint up and stacked below it (a page's main and side columns):
 * `columns` is the grid's template at each breakpoint, e.g. `{ xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }`.
 */
export function SplitGrid({
  columns,
  gap = 3,
  testId,
  children,
}: {
  columns: Record<string, string>;
  gap?: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap, gridTemplateColumns: columns, alignItems: 'start' }} data-testid={testId}>
      {children}
    </Box>
  );
}
