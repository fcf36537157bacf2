import { zodResolver } from '@hookform/resolvers/zod';
import { updatePasswordBody } from '@vendport/shared';

import { NewPasswordFields } from '@/components/new-password-fields';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { useUpdatePassword } from '../api/update-password';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

export function UpdatePasswordForm() {
  const { updateProfile } = useSession();
  const mutation = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(updatePasswordBody), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success === false) return;
        if (res.data?.user) updateProfile(res.data.user);
        reset(EMPTY);
      },
      onError: toastApiError,
    });
  });

  return (
    <Card>
      <CardHeader title="Password" description="Change the password you sign in with." />
      <form onSubmit={onSubmit} noValidate className="space-y-5 px-6 py-5">
        <TextInput
          label="Current password"
          variant="password"
          required
          error={!!errors.current_password}
          errorMessage={errors.current_password?.message}
          {...register('current_password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields
            newPassword={register('new_password')}
            confirmPassword={register('confirm_password')}
            errors={errors}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={mutation.isPending}>
            Update password
          </Button>
        </div>
      </form>
    </Card>
  );
}
