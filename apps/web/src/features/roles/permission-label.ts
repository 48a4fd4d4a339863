import { NAVIGATION, PERMISSION_SUBJECT_SLUGS } from '@cod/shared';
import type { TFunction } from 'i18next';

// Sidebar slug -> its entry's title key (nav.<title>), to name a permission's subject.
const TITLE_OF_SLUG = new Map<string, string>();
for (const entry of NAVIGATION) {
  if (entry.kind === 'heading') continue;
  const links = entry.kind === 'group' ? [entry, ...entry.children] : [entry];
  for (const link of links) if (!TITLE_OF_SLUG.has(link.slug)) TITLE_OF_SLUG.set(link.slug, link.title);
}

/**
 * A permission as the matrix shows it: its own label when the team strings have one
 * (team.permission_labels), else the verb and the sidebar entry it acts on, else the raw name.
 */
export function permissionLabel(t: TFunction, permission: string): string {
  const key = permission.replace(/[ -]/g, '_');
  const own = t(`team.permission_labels.${key}`, { defaultValue: '' });
  if (own) return own;
  const space = permission.indexOf(' ');
  const verb = permission.slice(0, space);
  const subject = permission.slice(space + 1);
  const title = TITLE_OF_SLUG.get(PERMISSION_SUBJECT_SLUGS[subject] ?? subject);
  const verbLabel = t(`team.verbs.${verb}`, { defaultValue: verb });
  return title ? `${verbLabel} · ${t(`nav.${title}`)}` : permission;
}
