// "Balance at end of day" (issue 36 point 7): the wallet's balance at the end of a chosen Lagos
// day, as the ledger holds it (get-wallet-balance?date). Yesterday by default; today reads as
// "so far", since the day has not ended.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WalletBalanceView } from '@vendport/shared';
import { useState } from 'react';
import { QueryError } from '@/components/query-error';
import { Card, CardHeader } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Spinner } from '@/components/ui/spinner';
import { type ApiSuccess, api } from '@/lib/api-client';
import { formatDate, formatNaira, lagosToday, shiftDay } from '@/lib/format';
import { walletBalanceKey } from '@/lib/wallet-balance';

export const endOfDayBalanceKey = (date: string) => [...walletBalanceKey(), 'end-of-day', date] as const;

export function useEndOfDayBalance(date: string) {
  return useQuery({
    queryKey: endOfDayBalanceKey(date),
    queryFn: ({ signal }) =>
      api.get<ApiSuccess<WalletBalanceView>>('get-wallet-balance', { query: { date }, signal }),
    select: (res) => res.data.asAt,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    placeholderData: keepPreviousData,
  });
}

export function EndOfDayBalanceCard() {
  const today = lagosToday();
  const [date, setDate] = useState(() => shiftDay(today, -1));
  const balance = useEndOfDayBalance(date);
  const asAt = balance.data;
  return (
    <Card>
      <CardHeader
        title="Balance at end of day"
        description="What the wallet held at midnight (Lagos time) ending the day you choose."
      />
      <div className="flex flex-wrap items-end gap-6 px-6 py-4">
        <DateInput
          label="Day"
          name="endOfDay"
          value={date}
          max={today}
          onChange={setDate}
          containerClassName="w-44"
        />
        {balance.isError ? (
          <QueryError title="That day's balance could not be loaded." onRetry={() => balance.refetch()} />
        ) : !date ? null : balance.isPending ? (
          <Spinner className="h-5 w-5 text-brand-700" label="Loading the balance" />
        ) : asAt ? (
          <p className="text-sm text-slate-600" data-testid="end-of-day-balance">
            <span className="block text-2xl font-semibold tabular-nums text-slate-900">
              {formatNaira(asAt.balanceKobo)}
            </span>
            {asAt.date === today
              ? `Today so far (${formatDate(asAt.date)}): the day has not ended`
              : `At the end of ${formatDate(asAt.date)}`}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
