// Forgot password: the email first (the answer is the same whatever the email), then the
// emailed code and the new password, sent to change-password with the email.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@vendport/shared';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages, toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { ResetPasswordForm } from '../components/reset-password-form';

export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await requestReset.mutateAsync(values);
      if (res.success === false) {
        setServerErrors([res.message]);
        return;
      }
      toast.success(res.message || 'If the email has an account, a reset code is on its way.');
      setEmail(values.email);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/" className="font-medium text-brand-700 hover:underline">
        Back to sign in
      </Link>
    </>
  );

  if (email) {
    return (
      <AuthLayout
        title="Set a new password"
        subtitle={
          <>
            If <span className="font-medium text-slate-700">{email}</span> has an account, we have emailed it
            a 6-digit reset code.
          </>
        }
        footer={footer}
      >
        <ResetPasswordForm email={email} onDone={() => navigate('/', { replace: true })} />
        <p className="mt-5 text-center text-sm text-slate-600">
          No code yet?{' '}
          <Button
            variant="link"
            loading={requestReset.isPending}
            onClick={() =>
              requestReset.mutate({ email }, { onSuccess: toastApiResult, onError: toastApiError })
            }
          >
            Send it again
          </Button>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will email you a reset code."
      footer={footer}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormErrors messages={serverErrors} />
        <TextInput
          label="Email address"
          type="email"
          placeholder="you@company.com"
          leftIcon={<MailIcon className="h-4 w-4" />}
          required
          error={!!errors.email}
          errorMessage={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" fullWidth loading={requestReset.isPending}>
          Send reset code
        </Button>
      </form>
    </AuthLayout>
  );
}
