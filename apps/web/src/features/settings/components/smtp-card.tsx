// The platform's email server (admin): host, port, user, password (stored encrypted, never shown
// again: an empty field keeps it), TLS, and whether these settings are used at all (otherwise the
// environment's SMTP_*, otherwise the outbox only). "Send test email" sends one now and shows the
// server's answer, or its error, word for word.
import { type PlatformSettingsView, type SmtpTestView, smtpTestBody } from '@vendport/shared';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { usePlatformSettings } from '../api/get-platform-settings';
import { useSaveSmtpSettings, useSendTestEmail } from '../api/save-platform-settings';
import { CardQueryState } from './card-query-state';

type Smtp = PlatformSettingsView['smtp'];
const SOURCE: Record<Smtp['source'], { label: string; tone: 'success' | 'neutral' | 'warning' }> = {
  SETTINGS: { label: 'Sending with these settings', tone: 'success' },
  ENVIRONMENT: { label: 'Sending with the server’s environment settings', tone: 'neutral' },
  OUTBOX_ONLY: { label: 'Not sending: mail stays in the outbox', tone: 'warning' },
};

interface Draft {
  enabled: boolean;
  host: string;
  port: string;
  user: string;
  password: string;
  clearPassword: boolean;
  secure: boolean;
}
const draftOf = (s: Smtp): Draft => ({
  enabled: s.enabled,
  host: s.host,
  port: String(s.port),
  user: s.user,
  password: '',
  clearPassword: false,
  secure: s.secure,
});

function TestEmail({ smtp }: { smtp: Smtp }) {
  const { user } = useSession();
  const send = useSendTestEmail();
  const [to, setTo] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SmtpTestView | null>(null);
  const onSend = () => {
    const parsed = smtpTestBody.safeParse({ to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setError(null);
    setResult(null);
    send.mutate(parsed.data.to, {
      onSuccess: (res) => {
        if (res.success === false || !res.data) return toastApiResult(res);
        setResult(res.data);
      },
      onError: toastApiError,
    });
  };
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 px-4 py-4">
      <div className="flex flex-wrap items-start gap-3">
        <TextInput
          label="Send a test email to"
          type="email"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={!!error}
          errorMessage={error}
          containerClassName="min-w-[16rem] flex-1"
        />
        <Button variant="secondary" className="sm:mt-7" loading={send.isPending} onClick={onSend}>
          Send test email
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Uses the saved settings ({SOURCE[smtp.source].label.toLowerCase()}). Save your changes first.
      </p>
      {result ? (
        <Alert
          tone={result.delivered ? 'success' : 'error'}
          title={result.delivered ? 'The server accepted the test email' : 'The test email was not delivered'}
        >
          <p>
            Server’s answer:{' '}
            <span className="break-all font-mono" data-testid="smtp-answer">
              {result.serverAnswer}
            </span>
          </p>
          <p className="mt-1 text-xs">The message is in the outbox either way, with this outcome.</p>
        </Alert>
      ) : null}
    </div>
  );
}

function SmtpForm({ smtp }: { smtp: Smtp }) {
  const save = useSaveSmtpSettings();
  const [d, setD] = useState<Draft>(() => draftOf(smtp));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setD(draftOf(smtp)), [smtp]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const changed = JSON.stringify(d) !== JSON.stringify(draftOf(smtp));

  const onSave = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (d.enabled && !d.host.trim()) errs.host = 'Enter the SMTP host';
    if (!/^\d{1,5}$/.test(d.port) || Number(d.port) < 1 || Number(d.port) > 65535)
      errs.port = 'The port is from 1 to 65535';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.mutate(
      {
        enabled: d.enabled,
        host: d.host.trim(),
        port: Number(d.port),
        user: d.user.trim(),
        ...(d.password ? { password: d.password } : {}),
        clearPassword: d.clearPassword,
        secure: d.secure,
      },
      { onSuccess: toastApiResult, onError: toastApiError },
    );
  };

  return (
    <div className="space-y-5 px-6 py-5">
      <form onSubmit={onSave} noValidate aria-label="SMTP settings" className="space-y-4">
        <Checkbox
          label="Send email through this SMTP server"
          checked={d.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextInput
            label="Host"
            placeholder="smtp.example.com"
            value={d.host}
            onChange={(e) => set('host', e.target.value)}
            error={!!errors.host}
            errorMessage={errors.host}
          />
          <TextInput
            label="Port"
            inputMode="numeric"
            value={d.port}
            onChange={(e) => set('port', e.target.value)}
            error={!!errors.port}
            errorMessage={errors.port}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="User name" value={d.user} onChange={(e) => set('user', e.target.value)} />
          <TextInput
            label="Password"
            variant="password"
            value={d.password}
            onChange={(e) => set('password', e.target.value)}
            disabled={d.clearPassword}
            placeholder={smtp.hasPassword ? 'Stored: leave empty to keep it' : 'None stored'}
            helperText="Stored encrypted. It is never shown again."
          />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox
            label="TLS from the start (usually port 465)"
            checked={d.secure}
            onChange={(e) => set('secure', e.target.checked)}
          />
          {smtp.hasPassword ? (
            <Checkbox
              label="Remove the stored password"
              checked={d.clearPassword}
              onChange={(e) => set('clearPassword', e.target.checked)}
            />
          ) : null}
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save SMTP settings
          </Button>
        </div>
      </form>
      <TestEmail smtp={smtp} />
    </div>
  );
}

export function SmtpCard() {
  const settings = usePlatformSettings();
  const smtp = settings.data?.smtp;
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <MailIcon className="h-5 w-5 text-brand-700" /> Email (SMTP)
          </span>
        }
        description="The server every email of the platform is sent through."
        actions={smtp ? <Badge tone={SOURCE[smtp.source].tone}>{SOURCE[smtp.source].label}</Badge> : null}
      />
      <CardQueryState query={settings} what="The email settings">
        {(view) => <SmtpForm smtp={view.smtp} />}
      </CardQueryState>
    </Card>
  );
}
