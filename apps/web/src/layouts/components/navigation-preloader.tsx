import { useEffect, useState } from 'react';
import Fade from '@mui/material/Fade';
import { isLinkActive } from '@cod/shared';
import { useLocation, useNavigation } from 'react-router';
import { Preloader } from './preloader';

/** SPEC 9: the layout loading flag clears after 1 s. */
export const LAYOUT_LOADING_MS = 1000;

/** SPEC 2.1: Orders and home never show the full-screen preloader. */
export function isPreloaderExempt(pathname: string): boolean {
  return isLinkActive(pathname, '/dashboard') || isLinkActive(pathname, '/dashboard/orders');
}

/**
 * SPEC 2.1 / 9: a full-screen preloader while a page loads (first load and navigation), except on
 * Orders and home. The flag is raised when the page changes and clears 1 s later.
 */
export function NavigationPreloader() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const pendingPath = navigation.location?.pathname;
  const [flagFor, setFlagFor] = useState<string | null>(pathname);

  useEffect(() => {
    const target = pendingPath ?? pathname;
    setFlagFor(target);
    const timer = window.setTimeout(() => setFlagFor(null), LAYOUT_LOADING_MS);
    return () => window.clearTimeout(timer);
  }, [pendingPath, pathname]);

  const target = pendingPath ?? flagFor;
  const visible = (navigation.state !== 'idle' || flagFor !== null) && target !== null && !isPreloaderExempt(target);

  return (
    <Fade in={visible} unmountOnExit appear={false}>
      <div>
        <Preloader />
      </div>
    </Fade>
  );
}
