import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { useAbility } from '@casl/react';
import type { TAbilityRule } from '@cod/shared';
import { getStoredAbilities, subscribeSession } from './storage';

export type TAppAbility = MongoAbility<[string, string]>;

/** SPEC 6: default when nothing is stored is read on Auth. */
export const DEFAULT_ABILITY_RULES: TAbilityRule[] = [{ action: 'read', subject: 'Auth' }];

export function abilityRulesFromStorage(): TAbilityRule[] {
  const stored = getStoredAbilities();
  return stored && stored.length > 0 ? stored : DEFAULT_ABILITY_RULES;
}

export function buildAbility(rules: TAbilityRule[] = abilityRulesFromStorage()): TAppAbility {
  return createMongoAbility<[string, string]>(rules);
}

/**
 * One instance for the whole app: login, logout and 401 call `refreshAbility`, and every
 * `useAbility` consumer re-renders because CASL notifies on `update`.
 */
export const appAbility = buildAbility();

export function refreshAbility(): void {
  appAbility.update(abilityRulesFromStorage());
}

// Login, logout and a 401 all go through the session store; the ability follows it.
subscribeSession(refreshAbility);

export function useAppAbility(): TAppAbility {
  return useAbility<TAppAbility>();
}
