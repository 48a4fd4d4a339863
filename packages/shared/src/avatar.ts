/** SPEC 2.1 / 9: the user-menu initial sits on one of nine colours chosen by hashing the name. */
export const AVATAR_PALETTE = [
  '#7367F0',
  '#28C76F',
  '#EA5455',
  '#FF9F43',
  '#00CFE8',
  '#9C27B0',
  '#3F51B5',
  '#795548',
  '#607D8B',
] as const;

/** Java-style string hash (stable across browsers and the server). */
export function hashName(name: string): number {
  let hash = 0;
  for (let i = 0; i < name.length; i++) {
    hash = (hash * 31 + name.charCodeAt(i)) | 0;
  }
  return Math.abs(hash);
}

export function avatarColor(name: string): string {
  return AVATAR_PALETTE[hashName(name) % AVATAR_PALETTE.length]!;
}

export function avatarInitial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}
