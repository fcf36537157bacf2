// Profile, in both areas (/dashboard/profile, /admin-dashboard/admin-profile): personal
// details, password, and the second factor.
import { ClientVerificationBadge } from '@/components/client-badges';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { clientTypeLabel } from '@/lib/labels';
import { useSession } from '@/lib/session';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { TwoFactorCard } from '../components/two-factor-card';
import { UpdatePasswordForm } from '../components/update-password-form';

function initials(first: string, last: string) {
  return `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
}

export default function ProfileRoute() {
  const { user, fullName } = useSession();
  if (!user) return null;
  const roles = user.roles.filter((r) => r !== user.area);
  const corporate = user.corporate;

  return (
    <div className="space-y-6">
      <PageHeader title="Profile" description="Your personal details and sign-in security." />
      {/* Two blocks that wrap under each other rather than squeeze: the person, then the company. */}
      <Card className="flex flex-wrap items-start gap-x-10 gap-y-5 px-6 py-5">
        <div className="flex min-w-0 flex-[1_1_18rem] items-center gap-5">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white">
            {initials(user.first_name, user.last_name)}
          </span>
          <div className="min-w-0">
            <p className="break-words text-lg font-semibold text-slate-900">{fullName}</p>
            <p className="text-sm text-slate-500 wrap-anywhere">{user.email}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone="neutral">{user.area === 'ADMIN' ? 'Administrator' : 'Corporate'}</Badge>
              {roles.map((r) => (
                <Badge key={r} tone="info">
                  {r}
                </Badge>
              ))}
            </div>
          </div>
        </div>
        {corporate ? (
          <dl className="grid min-w-0 flex-[1_1_20rem] grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-500">Company</dt>
            <dd className="break-words font-medium text-slate-800">{corporate.name}</dd>
            <dt className="text-slate-500">Client type</dt>
            <dd className="font-medium text-slate-800">{clientTypeLabel(corporate.clientType)}</dd>
            <dt className="text-slate-500">Verification</dt>
            <dd>
              <ClientVerificationBadge
                status={corporate.verificationStatus}
                requestedAt={corporate.verificationRequestedAt}
              />
            </dd>
          </dl>
        ) : null}
      </Card>
      <ProfileDetailsForm user={user} />
      <UpdatePasswordForm />
      <TwoFactorCard user={user} />
    </div>
  );
}
