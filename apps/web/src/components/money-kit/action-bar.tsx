import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { ReactNode } from 'react';

/** The buttons (and small fields) at the top of a page, side by side and wrapping on a phone. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{children}</Box>;
}

/** The outlined button that downloads a list (useBusyTask's `busy` turns it off while it runs). */
export function ExportButton({
  label,
  busy,
  onClick,
  icon = <FileDownloadOutlinedIcon />,
  testId,
}: {
  label: string;
  busy: boolean;
  onClick: () => void;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <Button variant="outlined" startIcon={icon} onClick={onClick} disabled={busy} data-testid={testId}>
      {label}
    </Button>
  );
}
