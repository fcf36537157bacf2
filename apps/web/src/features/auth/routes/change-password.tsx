// /change-password. Signed in with a default password: the forced change (current, new,
// confirm), after which the guard moves on to the next sign-in step. Signed out: a reset with
// an emailed code. (A signed-in user with nothing pending is sent to their area by the guard
// and changes the password from the profile screen.)
import { zodResolver } from '@hookform/resolvers/zod';
import { updatePasswordBody } from '@vendport/shared';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { useChangePassword } from '../api/change-password';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';
import { ResetPasswordForm } from '../components/reset-password-form';
import { SignOutLink } from '../components/sign-out-link';

function ForcedChangeForm() {
  const { updateProfile } = useSession();
  const changePassword = useChangePassword();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  // updatePasswordBody has the exact fields of this form (current, new, confirm) and the
  // same rules and messages the API applies.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(updatePasswordBody),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await changePassword.mutateAsync(values);
      if (res.success === false) {
        setServerErrors([res.message]);
        return;
      }
      toast.success(res.message || 'Password changed.');
      updateProfile(res.data?.user ?? { defaultPassword: false });
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormErrors messages={serverErrors} />
      <TextInput
        label="Current password"
        variant="password"
        helperText="The temporary password you were given."
        required
        error={!!errors.current_password}
        errorMessage={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmPassword={register('confirm_password')}
        errors={errors}
      />
      <Button type="submit" fullWidth loading={changePassword.isPending}>
        Change password
      </Button>
    </form>
  );
}

export default function ChangePasswordRoute() {
  const { user } = useSession();
  const navigate = useNavigate();

  if (user) {
    return (
      <AuthLayout
        title="Choose your own password"
        subtitle="Your account was set up with a temporary password. Replace it with one only you know."
        footer={
          <>
            Not you? <SignOutLink />
          </>
        }
      >
        <ForcedChangeForm />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Change your password"
      subtitle="Enter the reset code we emailed you and choose a new password."
      footer={
        <>
          Need a code?{' '}
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Request one
          </Link>
          <span className="mx-2 text-slate-300">|</span>
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      <ResetPasswordForm onDone={() => navigate('/', { replace: true })} />
    </AuthLayout>
  );
}
