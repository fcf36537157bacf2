// The account mode: live or test. When VendPort allows test mode for the account, the client
// switches it here (PUT client-test-mode) and adds play money to its sandbox wallet (POST
// sandbox/fund); otherwise it reads why it cannot. In test mode every purchase, in the portal or
// through the API, uses the sandbox wallet and the simulator.

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AMOUNT_LIMITS, sandboxFundBody } from '@vendport/shared';
import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ShieldIcon } from '@/components/ui/icons';
import { MoneyInput } from '@/components/ui/money-input';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';

type ModeAnswer = { testMode: boolean; testModeAllowed: boolean };

function SandboxFund() {
  const queryClient = useQueryClient();
  const fund = useMutation({
    mutationFn: (a: string) =>
      api.post<ApiEnvelope<{ sandboxBalanceKobo: number }>>('sandbox/fund', { amount: a }),
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
  // Checked here with the API's own schema (issue 53 point 5): a wrong amount is refused beside
  // the field in the words of its hint, before anything is sent. raw: the API takes the text.
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useAppForm<{ amount: string }>({
    resolver: zodResolver(sandboxFundBody, undefined, { raw: true }) as never,
    defaultValues: { amount: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit(({ amount }) =>
    fund.mutate(amount, {
      onSuccess: (res) => {
        if (res.success === false) toast.error(res.message);
        else {
          toast.success(`${res.message}. Sandbox balance: ${formatNaira(res.data.sandboxBalanceKobo)}`);
          reset({ amount: '' });
        }
      },
      onError: toastApiError,
    }),
  );
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3"
      aria-label="Add test money"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="w-48">
        <MoneyInput
          label="Test money (₦)"
          limits={AMOUNT_LIMITS.sandboxTopUp}
          placeholder="e.g. 10,000"
          error={!!errors.amount}
          errorMessage={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <Button
        type="submit"
        variant="secondary"
        loading={fund.isPending}
        disabled={!String(watch('amount') ?? '').trim()}
      >
        Add test money
      </Button>
    </form>
  );
}

export function ModeCard({ canManage }: { canManage: boolean }) {
  const { user, updateProfile } = useSession();
  const queryClient = useQueryClient();
  const corporate = user?.corporate;
  const testMode = corporate?.testMode ?? false;
  const allowed = corporate?.testModeAllowed ?? false;
  const switchMode = useMutation({
    mutationFn: (next: boolean) => api.put<ApiEnvelope<ModeAnswer>>('client-test-mode', { testMode: next }),
  });
  const flip = () =>
    switchMode.mutate(!testMode, {
      onSuccess: (res) => {
        if (res.success === false) {
          toast.error(res.message);
          return;
        }
        toast.success(res.message);
        if (corporate) updateProfile({ corporate: { ...corporate, ...res.data } });
        void invalidateMoneyQueries(queryClient);
      },
      onError: toastApiError,
    });
  return (
    <Card className="flex flex-wrap items-start gap-4 px-6 py-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ShieldIcon className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1" data-testid="account-mode">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-slate-900">Account mode</p>
          {testMode ? <Badge tone="warning">Test mode</Badge> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {testMode
            ? 'Your account is in test mode: every purchase, in the portal or through the API, uses your sandbox wallet and the simulator. Nothing touches live money, and test purchases never appear in your live history or figures.'
            : 'Purchases use your wallet and reach the networks. Calls made with your test key still go to the sandbox.'}
        </p>
        {allowed ? (
          canManage ? (
            <>
              <div className="mt-3">
                <Button
                  variant={testMode ? 'primary' : 'secondary'}
                  loading={switchMode.isPending}
                  onClick={flip}
                >
                  {testMode ? 'Switch to live mode' : 'Switch to test mode'}
                </Button>
              </div>
              {testMode ? <SandboxFund /> : null}
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-500">Only users who manage settings can switch the mode.</p>
          )
        ) : (
          <p className="mt-2 text-sm text-slate-500" data-testid="test-mode-unavailable">
            Test mode is not enabled for your account. Contact VendPort support to have it enabled.
          </p>
        )}
      </div>
    </Card>
  );
}
