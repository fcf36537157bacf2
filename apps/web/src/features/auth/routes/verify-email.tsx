// Verify email: the 6-digit code sent at sign-up, with a resend. On success the server emails
// a 2FA code and the guard moves on to /2fa.
import { verifyEmailBody } from '@vendport/shared';
import { KeyIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/session';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';
import { SignOutLink } from '../components/sign-out-link';

export default function VerifyEmailRoute() {
  const { user } = useSession();
  const verify = useVerifyEmail();

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
      <CodeForm
        schema={verifyEmailBody}
        verify={verify}
        label="Verification code"
        icon={<KeyIcon className="h-4 w-4" />}
        submitLabel="Verify email"
        successMessage="Email verified."
        resendType="EMAIL_VERIFICATION"
      />
    </AuthLayout>
  );
}
