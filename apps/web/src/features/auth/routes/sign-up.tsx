// Sign-up: the company and its owner. The new session is signed in but must verify the email
// and pass 2FA; the guard then sends it to /verify-email.
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, registerBody } from '@vendport/shared';
import { useState } from 'react';

import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { BuildingIcon, MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useAppForm } from '@/lib/use-app-form';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';

export default function SignUpRoute() {
  const { login } = useSession();
  const registerMutation = useRegister();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(registerBody),
    defaultValues: { company_name: '', first_name: '', last_name: '', email: '', msisdn: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await registerMutation.mutateAsync(values);
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'Sign-up failed. Please try again.']);
        return;
      }
      login(res.data.user, res.data.access_token, false);
      toast.success(res.message || 'Account created. Check your email for the verification code.');
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <AuthLayout
      title="Create your business account"
      subtitle="Set up your company on VendPort. You will confirm your email address next."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormErrors messages={serverErrors} />
        <TextInput
          label="Company name"
          placeholder="Registered business name"
          leftIcon={<BuildingIcon className="h-4 w-4" />}
          required
          error={!!errors.company_name}
          errorMessage={errors.company_name?.message}
          {...register('company_name')}
        />
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
        <TextInput
          label="Work email"
          type="email"
          placeholder="you@company.com"
          leftIcon={<MailIcon className="h-4 w-4" />}
          required
          error={!!errors.email}
          errorMessage={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="Phone number"
          variant="phone"
          placeholder="803 123 4567"
          required
          error={!!errors.msisdn}
          errorMessage={errors.msisdn?.message}
          {...register('msisdn')}
        />
        <TextInput
          label="Password"
          variant="password"
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
          required
          error={!!errors.password}
          errorMessage={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" fullWidth loading={registerMutation.isPending}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
