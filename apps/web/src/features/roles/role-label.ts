import { isBuiltInRole } from '@cod/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KEY: Record<string, string> = {
  Owner: 'owner',
  Manager: 'manager',
  'Support Agent': 'support_agent',
  'Stock Keeper': 'stock_keeper',
};

/**
 * THE role name of the web (issue 12.2): the four built-in roles in the interface language, a
 * shop's own role as the shop named it.
 */
export function useRoleLabel(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (name: string) => (isBuiltInRole(name) ? t(`team.role_names.${KEY[name]}`, { defaultValue: name }) : name),
    [t],
  );
}
