// Reconcile a provider's Lagos day now (vending.manage): the provider and a day that has ended
// (yesterday by default; the daily job does yesterday at 01:30 by itself).
import { addCalendarDays } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Select } from '@/components/ui/select';
import { toastApiError } from '@/lib/api-toasts';
import { lagosToday } from '@/lib/format';
import { useRunReconciliation } from '../api/run-reconciliation';
import { PROVIDER_OPTIONS } from './use-discrepancy-filters';

export function RunForm({ onDone }: { onDone: (runId: string) => void }) {
  const yesterday = addCalendarDays(lagosToday(), -1);
  const [provider, setProvider] = useState<string>(PROVIDER_OPTIONS[0].value);
  const [day, setDay] = useState(yesterday);
  const run = useRunReconciliation();
  const submit = () =>
    run.mutate(
      { provider, day },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The reconciliation could not run.');
            return;
          }
          if (res.data.status === 'DONE') toast.success(res.message);
          else toast.error(res.message);
          onDone(res.data.id);
        },
        onError: toastApiError,
      },
    );
  return (
    <form
      className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4"
      aria-label="Reconcile a day"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Select
        label="Provider"
        options={PROVIDER_OPTIONS}
        value={provider}
        onChange={(e) => setProvider(e.target.value)}
        containerClassName="min-w-40"
      />
      <DateInput label="Day" name="day" value={day} onChange={setDay} max={yesterday} />
      <Button type="submit" loading={run.isPending} disabled={!day || day > yesterday}>
        Reconcile day
      </Button>
    </form>
  );
}
