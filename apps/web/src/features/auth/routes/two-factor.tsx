// Second factor: a code from the authenticator app (TOTP) or the emailed code (EMAIL), with a
// resend for the emailed one. On success the guard lands the user in their area.
import { twoFactorBody } from '@vendport/shared';
import { ShieldIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/session';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { AuthLayout } from '../components/auth-layout';
import { CodeForm } from '../components/code-form';
import { SignOutLink } from '../components/sign-out-link';

export default function TwoFactorRoute() {
  const { user } = useSession();
  const verify = useVerifyTwoFactor();
  const usesApp = user?.twoFactorMethod === 'TOTP';

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        usesApp ? (
          'Enter the 6-digit code shown in your authenticator app.'
        ) : (
          <>
            Enter the 6-digit code we emailed to{' '}
            <span className="font-medium text-slate-700">{user?.email}</span>.
          </>
        )
      }
      footer={
        <>
          Not you? <SignOutLink />
        </>
      }
    >
      <CodeForm
        schema={twoFactorBody}
        verify={verify}
        label={usesApp ? 'Authenticator code' : 'Email code'}
        icon={<ShieldIcon className="h-4 w-4" />}
        submitLabel="Verify and continue"
        successMessage="Signed in."
        resendType={usesApp ? undefined : 'TWO_FACTOR'}
        lastStep
      />
    </AuthLayout>
  );
}
