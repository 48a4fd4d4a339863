import { useEffect, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@cod/shared';

interface TAuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The card every guest screen (login, forgot and reset password) sits in. */
export function AuthCard({ title, subtitle, children }: TAuthCardProps) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  return (
    <Paper component="section" aria-labelledby="auth-title" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
      <Typography id="auth-title" variant="h5" component="h1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
