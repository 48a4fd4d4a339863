import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { ListEmpty } from '../../components/lists/list-states';

interface TEmptyStateProps {
  title: string;
  message: string;
  icon?: ReactNode;
  action?: ReactNode;
}

/** A whole page with nothing to show yet (a module to come, no access): a list's empty state on a card. */
export function EmptyState({ title, message, icon, action }: TEmptyStateProps) {
  return (
    <Paper>
      <ListEmpty
        icon={icon ?? <ConstructionOutlinedIcon fontSize="large" />}
        title={title}
        message={message}
        action={action}
      />
    </Paper>
  );
}
