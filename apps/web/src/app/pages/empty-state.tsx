import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';

interface TEmptyStateProps {
  title: string;
  message: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, message, icon, action }: TEmptyStateProps) {
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }}>
      <Box
        aria-hidden
        sx={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'action.selected',
          color: 'primary.main',
          mb: 2,
        }}
      >
        {icon ?? <ConstructionOutlinedIcon fontSize="large" />}
      </Box>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480, mx: 'auto' }}>
        {message}
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
