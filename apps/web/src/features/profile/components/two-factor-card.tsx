// Second factor settings: move from emailed codes to an authenticator app (secret and
// otpauth URI shown as text, confirmed by a first code), or reset the app with the password.
import { zodResolver } from '@hookform/resolvers/zod';
import { type SessionUser, twoFactorEnableBody, twoFactorResetBody } from '@vendport/shared';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { type TwoFactorSetup, useSetupTwoFactor } from '../api/setup-two-factor';

function CopyableValue({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error(`Could not copy. Select the ${label.toLowerCase()} and copy it by hand.`);
    }
  };
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <div className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 ring-1 ring-slate-200">
          {value}
        </code>
        <Button variant="secondary" size="sm" onClick={copy}>
          Copy
        </Button>
      </div>
    </div>
  );
}

function EnableForm({ setup, onDone }: { setup: TwoFactorSetup; onDone: () => void }) {
  const { updateProfile } = useSession();
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(twoFactorEnableBody), defaultValues: { code: '' } });

  const onSubmit = handleSubmit((values) => {
    enable.mutate(values, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success === false) return;
        updateProfile(res.data?.user ?? { twoFactorMethod: 'TOTP' });
        onDone();
      },
      onError: toastApiError,
    });
  });

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>
          Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).
        </li>
        <li>Add an account with the secret key below, or paste the setup URI if your app accepts it.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <CopyableValue label="Secret key" value={setup.secret} />
      <CopyableValue label="Setup URI" value={setup.otpauth_uri} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          maxLength={6}
          placeholder="6-digit code"
          containerClassName="flex-1"
          required
          error={!!errors.code}
          errorMessage={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" className="sm:mt-7" loading={enable.isPending}>
          Turn on
        </Button>
      </form>
    </div>
  );
}

function ResetForm() {
  const { updateProfile } = useSession();
  const resetTwoFactor = useResetTwoFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(twoFactorResetBody), defaultValues: { password: '' } });

  const onSubmit = handleSubmit((values) => {
    resetTwoFactor.mutate(values, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success === false) return;
        updateProfile(res.data?.user ?? { twoFactorMethod: 'EMAIL' });
        reset({ password: '' });
      },
      onError: toastApiError,
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        Lost your phone or changing apps? Reset the authenticator: sign-in codes will be emailed to you until
        you set up an app again.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextInput
          label="Your password"
          variant="password"
          containerClassName="flex-1"
          required
          error={!!errors.password}
          errorMessage={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" variant="danger" className="sm:mt-7" loading={resetTwoFactor.isPending}>
          Reset 2FA
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorCard({ user }: { user: SessionUser }) {
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const usesApp = user.twoFactorMethod === 'TOTP';

  const startSetup = () =>
    setup.mutate(undefined, {
      onSuccess: (res) => {
        if (res.success === false || !res.data) {
          toast.error(res.message || 'Authenticator setup could not start.');
          return;
        }
        setPending(res.data);
      },
      onError: toastApiError,
    });

  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="A second step at every sign-in keeps your account safe even if your password leaks."
        actions={
          <Badge tone={usesApp ? 'success' : 'info'}>{usesApp ? 'Authenticator app' : 'Email codes'}</Badge>
        }
      />
      <div className="px-6 py-5">
        {usesApp ? (
          <ResetForm />
        ) : pending ? (
          <EnableForm setup={pending} onDone={() => setPending(null)} />
        ) : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              Sign-in codes are emailed to <span className="font-medium text-slate-800">{user.email}</span>.
              An authenticator app works without waiting for email.
            </p>
            <Button onClick={startSetup} loading={setup.isPending} className="shrink-0">
              Set up authenticator app
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
