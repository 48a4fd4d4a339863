import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../dialogs/responsive-dialog';
import { DetailStates } from './detail-states';

interface TDetailDialogProps<TData> {
  testId: string;
  title: ReactNode;
  query: { isError: boolean; error: unknown; data: TData | undefined };
  /** The heights of the placeholder blocks while the row loads. */
  skeletons: readonly number[];
  /** Buttons before Close (edit, block...). */
  actions?: ReactNode;
  onClose: () => void;
  /** The row's sections, once it is here. */
  children: (data: TData) => ReactNode;
  /** Dialogs opened from this one (a confirmation). */
  dialogs?: ReactNode;
}

/** A row's read-only details (a customer, a provider): its sections, then Close. */
export function DetailDialog<TData>(props: TDetailDialogProps<TData>) {
  const { testId, title, query, skeletons, actions, onClose, children, dialogs } = props;
  const { t } = useTranslation();
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      testId={testId}
      title={title}
      actions={
        <>
          {actions}
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      <DetailStates query={query} skeletons={skeletons}>
        {children}
      </DetailStates>
      {dialogs}
    </ResponsiveDialog>
  );
}

/** A titled part of a dialog: an h3 over its content, `gap` (theme spacing) between them. */
export function DetailSection({ title, gap = 1, children }: { title: string; gap?: number; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
