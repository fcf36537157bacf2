// The client's auto top-up settings: the switch, default time, caps and the policy when the wallet
// cannot cover a top-up; with today's and this month's spend against the caps.

import {
  AMOUNT_LIMITS,
  type AutoTopupSettingsBody,
  type AutoTopupSettingsView,
  autoTopupSettingsBody,
  koboToNairaString,
} from '@vendport/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { Stat } from '@/components/ui/stat';
import { TextInput } from '@/components/ui/text-input';
import { envelopeCallbacks, errorMessages } from '@/lib/api-toasts';
import { useSaveAutoTopupSettings } from '../api/save-settings';
import { fieldErrorsOf } from './field-errors';

export const POLICY_OPTIONS = [
  { value: 'SKIP_NOTIFY', label: 'Skip the top-up and notify me' },
  { value: 'RETRY_LATER_TODAY', label: 'Try again later the same day' },
];

const naira = (kobo: number | null) => (kobo === null ? '' : koboToNairaString(kobo));

/** `readOnly`: the user may view (autotopup.read) but not change (autotopup.manage) the settings. */
export function SettingsForm({
  settings,
  readOnly = false,
}: {
  settings: AutoTopupSettingsView;
  readOnly?: boolean;
}) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [defaultTime, setDefaultTime] = useState(settings.defaultTime);
  const [dailyCap, setDailyCap] = useState(naira(settings.dailyCapKobo));
  const [monthlyCap, setMonthlyCap] = useState(naira(settings.monthlyCapKobo));
  const [policy, setPolicy] = useState<string>(settings.insufficientFundsPolicy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const save = useSaveAutoTopupSettings();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body: AutoTopupSettingsBody = {
      enabled,
      defaultTime,
      dailyCap: dailyCap.trim() === '' ? null : dailyCap,
      monthlyCap: monthlyCap.trim() === '' ? null : monthlyCap,
      insufficientFundsPolicy: policy as AutoTopupSettingsBody['insufficientFundsPolicy'],
    };
    const parsed = autoTopupSettingsBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setServerErrors([]);
    save.mutate(
      body,
      envelopeCallbacks(undefined, { onError: (err) => setServerErrors(errorMessages(err)) }),
    );
  };
  const err = (k: string) => ({ error: !!errors[k], errorMessage: errors[k] });

  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="px-6 py-5">
          <Stat
            label="Spent today"
            value={settings.spentToday}
            hint={settings.dailyCap ? `of a ${settings.dailyCap} daily cap` : 'No daily cap'}
            testId="spent-today"
          />
        </Card>
        <Card className="px-6 py-5">
          <Stat
            label="Spent this month"
            value={settings.spentThisMonth}
            hint={settings.monthlyCap ? `of a ${settings.monthlyCap} monthly cap` : 'No monthly cap'}
          />
        </Card>
      </div>
      <Card>
        <CardHeader
          title="Settings"
          description="Top-ups run from your wallet with the same rules as any purchase. Times are Lagos time."
        />
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-5 px-6 py-5"
          aria-label="Auto top-up settings"
        >
          {serverErrors.length ? (
            <Alert tone="error" title="The settings were not saved">
              {serverErrors.join(' ')}
            </Alert>
          ) : null}
          {readOnly ? (
            <p className="text-sm text-slate-500" data-testid="read-only-note">
              You can view these settings. Changing them needs the permission to manage auto top-up.
            </p>
          ) : null}
          <fieldset disabled={readOnly} className="space-y-5">
            <Checkbox
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              label="Run scheduled top-ups for my subscribers"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                label="Default time of day"
                type="time"
                required
                value={defaultTime}
                onChange={(e) => setDefaultTime(e.target.value)}
                helperText="New subscribers get this time unless you choose another."
                {...err('defaultTime')}
              />
              <Select
                label="When the wallet cannot cover a top-up"
                value={policy}
                onChange={(e) => setPolicy(e.target.value)}
                options={POLICY_OPTIONS}
              />
              <MoneyInput
                label="Daily cap (₦)"
                limits={AMOUNT_LIMITS.autoTopupCap}
                value={dailyCap}
                onChange={(e) => setDailyCap(e.target.value)}
                note="Leave empty for no cap."
                {...err('dailyCap')}
              />
              <MoneyInput
                label="Monthly cap (₦)"
                limits={AMOUNT_LIMITS.autoTopupCap}
                value={monthlyCap}
                onChange={(e) => setMonthlyCap(e.target.value)}
                note="Leave empty for no cap."
                {...err('monthlyCap')}
              />
            </div>
          </fieldset>
          {readOnly ? null : (
            <div className="flex justify-end">
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </div>
          )}
        </form>
      </Card>
    </div>
  );
}
