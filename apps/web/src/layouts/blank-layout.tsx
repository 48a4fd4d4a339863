import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** SPEC 2.1 blank layout: no navigation (404, subscription expired, central screens). */
export function BlankLayout() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
    >
      <Outlet />
    </Box>
  );
}
