import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { formatPhone } from '../customers/format-phone';

/** Issue 15.2: a phone an agent can call with one click (tel:), written left to right in every language. */
export function TelLink({ phone, children, testId }: { phone: string; children?: ReactNode; testId?: string }) {
  return (
    <Link
      href={`tel:${phone}`}
      underline="hover"
      dir="ltr"
      data-testid={testId}
      onClick={(event) => event.stopPropagation()}
      sx={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}
    >
      {children ?? formatPhone(phone)}
    </Link>
  );
}
