import type { ReactNode } from 'react';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListLoading, ListRefreshing } from './list-states';

/** The part of a TanStack Query result a paged list reads. */
export interface TListQuery<T> {
  data: { data: T[]; total: number } | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What a list shows when it has no rows yet (its own words, and maybe an add button). */
export type TListEmptyProps = { icon: ReactNode; title: string; message: string; action?: ReactNode };

interface TListBodyProps<T> {
  query: TListQuery<T>;
  /** Whether filters are active: an empty answer then means "nothing matches", not "nothing yet". */
  filtered: boolean;
  empty: TListEmptyProps;
  children: (page: { data: T[]; total: number }) => ReactNode;
}

/**
 * Every list's states in one place (STYLE: loading, empty and error states on every list): a
 * refresh bar, skeleton rows on the first load, the error with a retry, the two kinds of empty,
 * and the rows once there are some.
 */
export function ListBody<T>({ query, filtered, empty, children }: TListBodyProps<T>) {
  const { t } = useTranslation();
  const content = (() => {
    if (query.isLoading) return <ListLoading />;
    if (query.isError && !query.data) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
    if (!query.data?.data.length) {
      return filtered ? (
        <ListEmpty
          icon={<SearchOffOutlinedIcon fontSize="large" />}
          title={t('lists.no_match_title')}
          message={t('lists.no_match_message')}
        />
      ) : (
        <ListEmpty {...empty} />
      );
    }
    return children(query.data);
  })();
  return (
    <>
      <ListRefreshing active={query.isFetching && !query.isLoading} />
      {content}
    </>
  );
}
