// Login (spec §2 "/"): email, password, remember me. On success the session is set and the
// route guard takes the user to the pending sign-in step, or to their area (the page they asked
// for when signed out, if it is one of theirs). "Signed in" shows once they reach the area.
// This page is the first a client loads, so it stays light (issues 16 and 36, ≤ 100 KB gzipped):
// the form is a plain one checked with loginBody's rules (checkLoginForm), without react-hook-form,
// zod or the query client, which the later screens load with their own chunks; and it paints
// without react-router or the toaster (app/app.tsx), so its links are AppLinks.
import { checkLoginForm, type LoginFormErrors } from '@vendport/shared/login-form';
import { type FormEvent, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { MailIcon } from '@/components/ui/icons';
import { TextInput } from '@/components/ui/text-input';
import { oweSignedInToast } from '@/lib/after-sign-in';
import { errorMessages } from '@/lib/error-messages';
import { useSession } from '@/lib/session';
import { login as loginCall } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { FormErrors } from '../components/form-errors';

export default function LoginRoute() {
  const { login } = useSession();
  const [pending, setPending] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<LoginFormErrors>({});

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const form = new FormData(e.currentTarget);
    const checked = checkLoginForm({
      email: form.get('email') ?? '',
      password: form.get('password') ?? '',
      rememberMe: form.get('rememberMe') === 'on',
    });
    setServerErrors(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = checked.errors.email ? 'email' : 'password';
      e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const res = await loginCall(checked.value);
      if (res.success === false || !res.data) {
        setServerErrors([res.message || 'Sign-in failed. Please try again.']);
        return;
      }
      // With a step still to do (password change, email, 2FA) the user is not signed in yet as
      // far as they can tell: the toast waits until they reach their area (app/root.tsx).
      if (res.message) oweSignedInToast(res.message);
      login(res.data.user, res.data.access_token, checked.value.rememberMe);
    } catch (err) {
      setServerErrors(errorMessages(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout
      title="Sign in to VendPort"
      subtitle="Welcome back. Enter your details to reach your dashboard."
      footer={
        <>
          New to VendPort?{' '}
          <AppLink to="/sign-up" className="font-medium text-brand-700 hover:underline">
            Create an account
          </AppLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FormErrors messages={serverErrors} />
        <TextInput
          label="Email address"
          type="email"
          name="email"
          placeholder="you@company.com"
          leftIcon={<MailIcon className="h-4 w-4" />}
          required
          error={!!errors.email}
          errorMessage={errors.email}
          onChange={() => errors.email && setErrors((x) => ({ ...x, email: undefined }))}
        />
        <TextInput
          label="Password"
          variant="password"
          name="password"
          placeholder="Your password"
          required
          error={!!errors.password}
          errorMessage={errors.password}
          onChange={() => errors.password && setErrors((x) => ({ ...x, password: undefined }))}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" name="rememberMe" />
          <AppLink to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </AppLink>
        </div>
        <Button type="submit" fullWidth loading={pending}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
