// The second half of a password reset: the emailed code and the new password, sent to
// change-password with the email (spec API contract). Used by forgot-password and by
// /change-password when signed out.
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@vendport/shared';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Button } from '@/components/ui/button';
import { KeyIcon, MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useChangePassword } from '../api/change-password';
import { FormErrors } from './form-errors';

export function ResetPasswordForm({ email, onDone }: { email?: string; onDone: () => void }) {
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { email: email ?? '', code: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await changePassword.mutateAsync({
        email: values.email ?? '',
        code: values.code ?? '',
        new_password: values.new_password,
        confirm_password: values.confirm_password,
      });
      if (res.success === false) {
        setServerErrors([res.message]);
        return;
      }
      toast.success(res.message || 'Your password has been changed. Sign in with it.');
      onDone();
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormErrors messages={serverErrors} />
      <TextInput
        label="Email address"
        type="email"
        leftIcon={<MailIcon className="h-4 w-4" />}
        readOnly={!!email}
        required
        error={!!errors.email}
        errorMessage={errors.email?.message}
        {...register('email')}
      />
      <TextInput
        label="Reset code"
        inputMode="numeric"
        maxLength={6}
        placeholder="6-digit code"
        helperText="Check your email for the 6-digit code."
        leftIcon={<KeyIcon className="h-4 w-4" />}
        required
        error={!!errors.code}
        errorMessage={errors.code?.message}
        {...register('code')}
      />
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmPassword={register('confirm_password')}
        errors={errors}
      />
      <Button type="submit" fullWidth loading={changePassword.isPending}>
        Reset password
      </Button>
    </form>
  );
}
