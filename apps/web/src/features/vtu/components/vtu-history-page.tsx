// The frame both VTU histories share: header with CSV export, the URL-driven filter bar (search,
// dates, network, line), the table (dimmed while the next page loads, or an error with a retry)
// and the pager. Each history brings its query, columns and wording.
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paginated } from '@vendport/shared';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import type { VtuHistoryFilters } from '../api/query-keys';
import { hasFilters, useVtuHistoryFields } from './use-vtu-history-filters';

export function VtuHistoryPage<T>({
  title,
  description,
  exportPath,
  exportName,
  filterLabel,
  searchPlaceholder,
  errorTitle,
  caption,
  emptyText,
  filters,
  history,
  columns,
  rowKey,
}: {
  title: string;
  description: string;
  /** The history's API path, for the CSV export. */
  exportPath: string;
  exportName: string;
  filterLabel: string;
  searchPlaceholder: string;
  errorTitle: string;
  caption: string;
  /** What an empty table says, when filters are set and when the history is simply empty. */
  emptyText: { filtered: string; none: string };
  filters: VtuHistoryFilters;
  history: UseQueryResult<Paginated<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  const fields = useVtuHistoryFields(searchPlaceholder);
  return (
    <div className="space-y-4">
      <PageHeader
        title={title}
        description={description}
        actions={<ExportCsvButton path={exportPath} query={filters} fallbackName={exportName} />}
      />
      <Card className="overflow-hidden">
        <FilterBar label={filterLabel} fields={fields} />
        {history.isError ? (
          <div className="p-6">
            <QueryError title={errorTitle} onRetry={() => history.refetch()} />
          </div>
        ) : (
          <div className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption={caption}
              columns={columns}
              rows={history.data?.data ?? []}
              rowKey={rowKey}
              loading={history.isPending}
              emptyText={hasFilters(filters) ? emptyText.filtered : emptyText.none}
            />
          </div>
        )}
        {history.data ? (
          <Pager
            hasMorePages={history.data.hasMorePages}
            lastPage={history.data.lastPage}
            disabled={history.isFetching}
          />
        ) : null}
      </Card>
    </div>
  );
}
