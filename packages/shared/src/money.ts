const formatter = new Intl.NumberFormat('fr-DZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is DZD, formatted fr-DZ with the suffix DA (SPEC 1). */
export function formatDZD(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return `${formatter.format(Number.isFinite(value) ? value : 0)} DA`;
}
