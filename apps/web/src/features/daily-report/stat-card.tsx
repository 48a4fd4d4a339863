import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';

interface TStatCardProps {
  label: string;
  value: string;
  hint?: ReactNode;
  /** Opens a screen when given (the orders behind the figure). */
  to?: string;
  tone?: 'default' | 'warning' | 'success';
  testId?: string;
}

/** One figure of the day: a label, a big number, an optional line under it. */
export function StatCard({ label, value, hint, to, tone = 'default', testId }: TStatCardProps) {
  const body = (
    <Box sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        data-testid={testId}
        sx={{
          fontWeight: 700,
          mt: 0.5,
          color: tone === 'warning' ? 'warning.main' : tone === 'success' ? 'success.main' : 'text.primary',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        <bdi>{value}</bdi>
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** A responsive grid of stat cards. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}
