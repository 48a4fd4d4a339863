import type { TRoleName } from '@cod/shared';

/** SPEC 2.1 / 3: the one role whose commission type is shown. */
export const SUPPORT_AGENT_ROLE: TRoleName = 'Support Agent';
