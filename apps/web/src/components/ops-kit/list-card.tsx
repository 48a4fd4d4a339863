import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { AddButton } from '../buttons/add-button';
import { CardHeading } from '../cards/card-heading';

interface TListCardProps {
  testId: string;
  title: string;
  help: string;
  /** The heading's add button, for who may add (false: the heading keeps its row, without it). */
  add: { label: string; onClick: () => void; testId: string } | false;
  children: ReactNode;
}

/** A settings card that lists things (webhook endpoints, WhatsApp templates) under its heading. */
export function ListCard({ testId, title, help, add, children }: TListCardProps) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <CardHeading title={title} help={help} action={add && <AddButton {...add} />} />
      {children}
    </Paper>
  );
}
