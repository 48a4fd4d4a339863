import { EntriesPage } from '../expenses/entries-page';

/** /dashboard/incomes (SPEC 2.2, issue 13.3). */
export function IncomesPage() {
  return <EntriesPage direction="income" />;
}
