// Login (spec §2 "/"): email, password, remember me. On success the session is set and the
// route guard takes the user to the pending sign-in step or to their area.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@vendport/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { errorMessages } from '@/lib/api-toasts';
import { useSession } from '@/lib/session';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';

export default function LoginRoute() {
  const { login } = useSession();
  const loginMutation = useLogin();
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors(null);
    try {
      const res = await loginMutation.mutateAsync({ ...values, rememberMe: values.rememberMe ?? false });
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'Sign-in failed. Please try again.']);
        return;
      }
      login(res.data.user, res.data.access_token, values.rememberMe ?? false);
      if (res.message) toast.success(res.message);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  });

  return (
    <AuthLayout
      title="Sign in to VendPort"
      subtitle="Welcome back. Enter your details to reach your dashboard."
      footer={
        <>
          New to VendPort?{' '}
          <Link to="/sign-up" className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
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
        <TextInput
          label="Password"
          variant="password"
          placeholder="Your password"
          required
          error={!!errors.password}
          errorMessage={errors.password?.message}
          {...register('password')}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" {...register('rememberMe')} />
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" fullWidth loading={loginMutation.isPending}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
