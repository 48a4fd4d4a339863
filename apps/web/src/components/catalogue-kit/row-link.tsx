import type { ReactNode } from 'react';
import Link from '@mui/material/Link';

/** The row's name in a list, a link-styled button that opens the row (its details dialog). */
export function RowLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={onClick}
      sx={{ fontWeight: 600, textAlign: 'start' }}
    >
      {children}
    </Link>
  );
}
