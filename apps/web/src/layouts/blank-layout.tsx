import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { AppQueryProvider } from '../app/query-provider';

/** SPEC 2.1 blank layout: no navigation (404, subscription expired, central screens). */
export function BlankLayout() {
  // Subscription expired signs out through TanStack Query (useLogout).
  return (
    <AppQueryProvider>
      <Box
        component="main"
        sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
      >
        <Outlet />
      </Box>
    </AppQueryProvider>
  );
}
