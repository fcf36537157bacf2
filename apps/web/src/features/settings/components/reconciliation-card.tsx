// Statements and alerts: how often a statement of the wallet is made (daily or weekly, at Lagos
// midnight), who gets it (email addresses, in-app), its format (CSV only, or CSV and PDF), and the
// wallet balance below
// which the team is alerted (empty: the platform's default).
import {
  AMOUNT_LIMITS,
  koboToNairaString,
  type ReconciliationSettingsView,
  reconciliationSettingsBody,
  type StatementFormat,
} from '@vendport/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FileIcon } from '@/components/ui/icons';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useReconciliationSettings } from '../api/get-reconciliation-settings';
import { useSaveReconciliationSettings } from '../api/save-reconciliation-settings';
import { CardQueryState } from './card-query-state';

interface Draft {
  enabled: boolean;
  frequency: 'DAILY' | 'WEEKLY';
  emails: string;
  inApp: boolean;
  format: StatementFormat;
  threshold: string;
}

const draftOf = (v: ReconciliationSettingsView): Draft => ({
  enabled: v.enabled,
  frequency: v.frequency,
  emails: v.emails.join(', '),
  inApp: v.inApp,
  format: v.format,
  threshold: v.lowBalanceThresholdKobo === null ? '' : koboToNairaString(v.lowBalanceThresholdKobo),
});

const bodyOf = (d: Draft) => ({
  enabled: d.enabled,
  frequency: d.frequency,
  emails: d.emails
    .split(/[,;\s]+/)
    .map((e) => e.trim())
    .filter(Boolean),
  inApp: d.inApp,
  format: d.format,
  lowBalanceThreshold: d.threshold.trim() === '' ? null : d.threshold.trim(),
});

function ReconciliationForm({ view, canManage }: { view: ReconciliationSettingsView; canManage: boolean }) {
  const save = useSaveReconciliationSettings();
  const [d, setD] = useState<Draft>(() => draftOf(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setD(draftOf(view)), [view]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const changed = JSON.stringify(d) !== JSON.stringify(draftOf(view));

  const onSave = (e: React.FormEvent) => {
    e.preventDefault();
    const body = bodyOf(d);
    const parsed = reconciliationSettingsBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body, { onSuccess: toastApiResult, onError: toastApiError });
  };

  return (
    <form onSubmit={onSave} noValidate aria-label="Statements and alerts" className="space-y-5 px-6 py-5">
      <fieldset disabled={!canManage} className="space-y-5">
        <Checkbox
          label="Send me a statement of my wallet"
          checked={d.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Frequency"
            value={d.frequency}
            onChange={(e) => set('frequency', e.target.value as Draft['frequency'])}
            options={[
              { value: 'DAILY', label: 'Daily (each day, after midnight)' },
              { value: 'WEEKLY', label: 'Weekly (Monday to Sunday, on Monday)' },
            ]}
          />
          <Select
            label="Format"
            value={d.format}
            onChange={(e) => set('format', e.target.value as StatementFormat)}
            options={[
              { value: 'CSV', label: 'CSV only' },
              { value: 'CSV_PDF', label: 'CSV and PDF' },
            ]}
          />
        </div>
        <TextInput
          label="Email the statement to"
          placeholder="finance@yourcompany.com, cfo@yourcompany.com"
          value={d.emails}
          onChange={(e) => set('emails', e.target.value)}
          helperText="Up to 5 addresses, separated by commas. Leave empty for in-app only."
          error={!!errors.emails}
          errorMessage={errors.emails}
        />
        <Checkbox
          label="Also tell my team in the app when a statement is ready"
          checked={d.inApp}
          onChange={(e) => set('inApp', e.target.checked)}
        />
        <MoneyInput
          label="Low-balance alert (₦)"
          limits={AMOUNT_LIMITS.alertThreshold}
          placeholder={koboToNairaString(view.platformLowBalanceThresholdKobo)}
          value={d.threshold}
          onChange={(e) => set('threshold', e.target.value)}
          note={`We alert your team once when a purchase takes the wallet below this amount. Empty uses the platform default (${
            view.platformLowBalanceThresholdKobo > 0
              ? formatNaira(view.platformLowBalanceThresholdKobo)
              : 'off'
          }).`}
          error={!!errors.lowBalanceThreshold}
          errorMessage={errors.lowBalanceThreshold}
          containerClassName="max-w-sm"
        />
      </fieldset>
      <p className="text-xs text-slate-500">
        Statements come from the ledger: the opening balance, every credit and debit with its reference, the
        closing balance and a check line (opening + credits − debits = closing). Periods run from midnight to
        midnight, Lagos time. The format is what emails carry (CSV only, or CSV and PDF); each statement below
        can be downloaded as either.
      </p>
      {canManage ? (
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save statement settings
          </Button>
        </div>
      ) : null}
    </form>
  );
}

export function ReconciliationCard({ canManage }: { canManage: boolean }) {
  const settings = useReconciliationSettings();
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <FileIcon className="h-5 w-5 text-brand-700" /> Statements and alerts
          </span>
        }
        description="A statement of your wallet to reconcile your books, and an alert before money runs out."
      />
      <CardQueryState query={settings} what="Your statement settings">
        {(view) => <ReconciliationForm view={view} canManage={canManage} />}
      </CardQueryState>
    </Card>
  );
}
