import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { ListBody, type TListEmptyProps, type TListQuery } from './list-body';
import { ListPagination } from './list-pagination';
import { SearchToolbar } from './list-toolbar';

export interface TPagedListProps<TPage extends { data: unknown[]; total: number }> {
  /** The search box and filters above the rows (a ListToolbar or the list's own). */
  toolbar?: ReactNode;
  /** A list filtered only by its search box: the box's words (it reads and writes `search` in the state). */
  search?: { label: string; placeholder?: string };
  query: TListQuery<TPage['data'][number]> & { data: TPage | undefined };
  /** Whether filters are active: an empty answer then means "nothing matches", not "nothing yet". */
  filtered: boolean;
  empty: TListEmptyProps;
  /** The list's state in the URL (useListState): the page and size it holds, and how to change them. */
  state: {
    query: { page: number; per_page: number; search?: string | null };
    update: (changes: { page?: number; per_page?: number; search?: string | null }) => void;
  };
  /** The rows of the page, drawn by the screen (a table, cards). */
  children: (page: TPage) => ReactNode;
}

/**
 * A screen's paged list in its card: the toolbar, the list's states (ListBody), the rows the screen
 * draws, and the pagination under them.
 */
export function PagedList<TPage extends { data: unknown[]; total: number }>({
  toolbar,
  search,
  query,
  filtered,
  empty,
  state,
  children,
}: TPagedListProps<TPage>) {
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      {search && (
        <SearchToolbar
          label={search.label}
          placeholder={search.placeholder}
          search={state.query.search}
          onSearch={(next) => state.update({ search: next })}
        />
      )}
      {toolbar}
      <ListBody query={query} filtered={filtered} empty={empty}>
        {() =>
          query.data && (
            <>
              {children(query.data)}
              <ListPagination
                total={query.data.total}
                page={state.query.page}
                perPage={state.query.per_page}
                onChange={(changes) => state.update(changes)}
              />
            </>
          )
        }
      </ListBody>
    </Paper>
  );
}
