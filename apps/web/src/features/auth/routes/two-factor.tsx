// Second factor: a code from the authenticator app (TOTP) or the emailed code (EMAIL), with a
// resend for the emailed one. On success the guard lands the user in their area.
import { zodResolver } from '@hookform/resolvers/zod';
import { twoFactorBody } from '@vendport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages, toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useResendVerificationCode } from '../api/resend-verification-code';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { SignOutLink } from '../components/sign-out-link';

export default function TwoFactorRoute() {
  const { user, updateProfile } = useSession();
  const verify = useVerifyTwoFactor();
  const resend = useResendVerificationCode();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const usesApp = user?.twoFactorMethod === 'TOTP';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(twoFactorBody), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await verify.mutateAsync(values);
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'The code could not be verified.']);
        return;
      }
      toast.success(res.message || 'Signed in.');
      updateProfile(res.data.user);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        usesApp ? (
          'Enter the 6-digit code shown in your authenticator app.'
        ) : (
          <>
            Enter the 6-digit code we emailed to{' '}
            <span className="font-medium text-slate-700">{user?.email}</span>.
          </>
        )
      }
      footer={
        <>
          Not you? <SignOutLink />
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormErrors messages={serverErrors} />
        <TextInput
          label={usesApp ? 'Authenticator code' : 'Email code'}
          inputMode="numeric"
          maxLength={6}
          placeholder="6-digit code"
          leftIcon={<ShieldIcon className="h-4 w-4" />}
          required
          error={!!errors.code}
          errorMessage={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify and continue
        </Button>
        {!usesApp ? (
          <p className="text-center text-sm text-slate-600">
            Didn&apos;t get the code?{' '}
            <Button
              variant="link"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate('TWO_FACTOR', { onSuccess: toastApiResult, onError: toastApiError })
              }
            >
              Resend code
            </Button>
          </p>
        ) : null}
      </form>
    </AuthLayout>
  );
}
