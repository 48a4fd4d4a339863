import { lazy, Suspense } from 'react';
import type { AlertProps } from '@mui/material/Alert';

// An Alert (with its four severity icons) shows only once a form was sent; it is fetched then, in
// parallel with the request, so the sign-in page's first paint does without it (brief 10).
export const preloadFormAlert = (): void => void import('@mui/material/Alert');
const Alert = lazy(() => import('@mui/material/Alert'));

/** MUI's Alert for the guest screens' results and errors. */
export function FormAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
