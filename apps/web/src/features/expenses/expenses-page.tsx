import { EntriesPage } from './entries-page';

/** /dashboard/expenses (SPEC 2.2, issue 13.2). */
export function ExpensesPage() {
  return <EntriesPage direction="expense" />;
}
