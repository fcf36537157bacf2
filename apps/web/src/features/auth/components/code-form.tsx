// The 6-digit code form shared by the verify-email and two-factor screens: the code field, the
// submit, and (for emailed codes) a resend link. On success the session user is updated, so the
// guard moves the user on.
import { zodResolver } from '@hookform/resolvers/zod';
import type { SessionUser, twoFactorBody, verifyEmailBody } from '@vendport/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { isSignedInToastOwed } from '@/lib/after-sign-in';
import type { ApiEnvelope } from '@/lib/api-client';
import { errorMessages, toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { type CodeType, useResendVerificationCode } from '../api/resend-verification-code';
import { FormErrors } from './form-errors';

type CodeBody = { code: string };

interface CodeFormProps {
  schema: typeof verifyEmailBody | typeof twoFactorBody;
  verify: {
    mutateAsync: (body: CodeBody) => Promise<ApiEnvelope<{ user: SessionUser }>>;
    isPending: boolean;
  };
  label: string;
  icon: ReactNode;
  submitLabel: string;
  successMessage: string;
  /** Which emailed code the resend link asks for; no link when absent. */
  resendType?: CodeType;
  /**
   * The last sign-in step (2FA): when the sign-in's "Signed in" waits for the area, that one
   * toast is what the user sees on arrival, not this step's message as well.
   */
  lastStep?: boolean;
}

export function CodeForm({
  schema,
  verify,
  label,
  icon,
  submitLabel,
  successMessage,
  resendType,
  lastStep = false,
}: CodeFormProps) {
  const { updateProfile } = useSession();
  const resend = useResendVerificationCode();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await verify.mutateAsync(values);
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'The code could not be verified.']);
        return;
      }
      if (!(lastStep && isSignedInToastOwed())) toast.success(res.message || successMessage);
      updateProfile(res.data.user);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormErrors messages={serverErrors} />
      <TextInput
        label={label}
        inputMode="numeric"
        maxLength={6}
        placeholder="6-digit code"
        leftIcon={icon}
        required
        error={!!errors.code}
        errorMessage={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" fullWidth loading={verify.isPending}>
        {submitLabel}
      </Button>
      {resendType ? (
        <p className="text-center text-sm text-slate-600">
          Didn&apos;t get the code?{' '}
          <Button
            variant="link"
            loading={resend.isPending}
            onClick={() => resend.mutate(resendType, { onSuccess: toastApiResult, onError: toastApiError })}
          >
            Resend code
          </Button>
        </p>
      ) : null}
    </form>
  );
}
