// Verify email: the 6-digit code sent at sign-up, with a resend. On success the server emails
// a 2FA code and the guard moves on to /2fa.
import { zodResolver } from '@hookform/resolvers/zod';
import { verifyEmailBody } from '@vendport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { KeyIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages, toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useResendVerificationCode } from '../api/resend-verification-code';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { SignOutLink } from '../components/sign-out-link';

export default function VerifyEmailRoute() {
  const { user, updateProfile } = useSession();
  const verify = useVerifyEmail();
  const resend = useResendVerificationCode();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(verifyEmailBody), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await verify.mutateAsync(values);
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'The code could not be verified.']);
        return;
      }
      toast.success(res.message || 'Email verified.');
      updateProfile(res.data.user);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <AuthLayout
      title="Verify your email"
      subtitle={
        <>
          Enter the 6-digit code we sent to <span className="font-medium text-slate-700">{user?.email}</span>.
        </>
      }
      footer={
        <>
          Wrong account? <SignOutLink />
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormErrors messages={serverErrors} />
        <TextInput
          label="Verification code"
          inputMode="numeric"
          maxLength={6}
          placeholder="6-digit code"
          leftIcon={<KeyIcon className="h-4 w-4" />}
          required
          error={!!errors.code}
          errorMessage={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify email
        </Button>
        <p className="text-center text-sm text-slate-600">
          Didn&apos;t get the code?{' '}
          <Button
            variant="link"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate('EMAIL_VERIFICATION', { onSuccess: toastApiResult, onError: toastApiError })
            }
          >
            Resend code
          </Button>
        </p>
      </form>
    </AuthLayout>
  );
}
