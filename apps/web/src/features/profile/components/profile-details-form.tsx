import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_PREFIX, type SessionUser, updateProfileBody } from '@vendport/shared';

import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { userFromData, useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { useUpdateProfile } from '../api/update-profile';

/** The phone input shows the fixed +234 prefix, so it edits the national part only. */
function nationalPart(msisdn: string | null | undefined): string {
  if (!msisdn) return '';
  return msisdn.startsWith(PHONE_PREFIX) ? msisdn.slice(PHONE_PREFIX.length) : msisdn;
}

export function ProfileDetailsForm({ user }: { user: SessionUser }) {
  const { updateProfile } = useSession();
  const mutation = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useAppForm({
    resolver: zodResolver(updateProfileBody),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      msisdn: nationalPart(user.msisdn),
    },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success === false) return;
        const next: Partial<SessionUser> = userFromData(res.data) ?? {
          first_name: values.first_name,
          last_name: values.last_name,
          msisdn: values.msisdn,
        };
        updateProfile(next);
        reset({
          first_name: next.first_name ?? values.first_name,
          last_name: next.last_name ?? values.last_name,
          msisdn: nationalPart(next.msisdn ?? values.msisdn),
        });
      },
      onError: toastApiError,
    });
  });

  return (
    <Card>
      <CardHeader title="Personal details" description="Your name and phone number as your team sees them." />
      <form onSubmit={onSubmit} noValidate className="space-y-5 px-6 py-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label="First name"
            required
            error={!!errors.first_name}
            errorMessage={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextInput
            label="Last name"
            required
            error={!!errors.last_name}
            errorMessage={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label="Email address"
            type="email"
            value={user.email}
            readOnly
            leftIcon={<MailIcon className="h-4 w-4" />}
            helperText="Your sign-in email cannot be changed here."
          />
          <TextInput
            label="Phone number"
            variant="phone"
            placeholder="803 123 4567"
            error={!!errors.msisdn}
            errorMessage={errors.msisdn?.message}
            {...register('msisdn', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={mutation.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
