// Business Account (spec §2, admin only): title and Back, a spinner while loading or refetching,
// the three overview cards, the details card (NIL rules, Approved/Declined badge, DD/MM/YYYY),
// the attached documents, and the decisions: Approve and Decline for a PENDING request (a new one
// after a decline too, the previous reason shown), Review for DECLINED, nothing for VERIFIED (spec
// §4, §6), and no decision at all before the client has asked. Success opens the spec's modals.
import type { BusinessAccountView } from '@vendport/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailField, dash, nil } from '@/components/detail-field';
import { DetailHeader, LoadingCard } from '@/components/detail-page';
import { MoneyLabel } from '@/components/money-label';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Stat } from '@/components/ui/stat';
import { SuccessModal } from '@/components/ui/success-modal';
import { VerificationDocuments } from '@/components/verification-documents';
import { formatDate, formatNaira } from '@/lib/format';
import { clientTypeLabel } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';
import { useBusinessAccount } from '../api/business-account';
import { ApproveModal, DeclineModal } from '../components/decision-modals';

function Details({ a }: { a: BusinessAccountView }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="grid gap-5 px-6 py-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="account-details">
        <DetailField label="Corporate Name">
          <span className="inline-flex flex-wrap items-center gap-2">
            {nil(a.name)}
            {a.verificationStatus === 'VERIFIED' ? <Badge tone="success">Approved</Badge> : null}
            {a.verificationStatus === 'DECLINED' ? <Badge tone="danger">Declined</Badge> : null}
          </span>
        </DetailField>
        <DetailField label="Email Address">{dash(a.email)}</DetailField>
        <DetailField label="Phone Number">{dash(a.msisdn)}</DetailField>
        <DetailField label="Onboarding Date">{formatDate(a.createdAt)}</DetailField>
        <DetailField label="Request Date">{formatDate(a.verificationRequestedAt, 'NIL')}</DetailField>
        {a.verificationStatus === 'DECLINED' && a.declineReason ? (
          <DetailField label="Decline Reason">{a.declineReason}</DetailField>
        ) : null}
        {a.verificationStatus === 'PENDING' && a.verificationRequestedAt && a.declineReason ? (
          <DetailField label="Previous Decline Reason">
            {a.declineReason}
            {a.decidedAt ? <span className="text-slate-500"> ({formatDate(a.decidedAt)})</span> : null}
          </DetailField>
        ) : null}
      </dl>
    </Card>
  );
}

type Decision = 'approve' | 'review' | 'decline';
const SUCCESS = {
  approve: { title: 'Verification successful', message: 'Account has been successfully approved.' },
  decline: {
    title: 'Decline successful',
    message: 'Account has been successfully declined. The client has been informed.',
  },
};

export default function BusinessAccountRoute() {
  const { id = '' } = useParams();
  const { can } = usePermissions();
  const account = useBusinessAccount(id);
  const [open, setOpen] = useState<Decision | null>(null);
  const [done, setDone] = useState<keyof typeof SUCCESS | null>(null);
  const a = account.data;
  const canDecide = can('verification.manage');
  const finish = (d: keyof typeof SUCCESS) => () => {
    setOpen(null);
    setDone(d);
  };

  return (
    <div className="space-y-6">
      <DetailHeader
        title="Business Account"
        fetching={account.isFetching}
        loadingLabel="Loading business account"
      />

      {account.isPending ? (
        <LoadingCard label="Loading business account" />
      ) : account.isError || !a ? (
        <QueryError
          title="The business account could not be loaded."
          onRetry={() => void account.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3" data-testid="account-overview">
            <Card className="px-6 py-5">
              <Stat label={<MoneyLabel word="fundingTotal" />} value={formatNaira(a.totalFunding)} />
            </Card>
            <Card className="px-6 py-5">
              <Stat label="Corporate Client Type" value={clientTypeLabel(a.clientType)} />
            </Card>
            <Card className="px-6 py-5">
              <Stat label="Available Wallet Balance" value={formatNaira(a.availableBalance)} />
            </Card>
          </div>

          <Details a={a} />

          <Card>
            <CardHeader title="Attached Documents" />
            <VerificationDocuments documents={a.documents} />
          </Card>

          {a.verificationStatus === 'PENDING' && !a.verificationRequestedAt ? (
            <p className="text-right text-sm text-slate-500" data-testid="account-actions">
              No verification requested yet
            </p>
          ) : canDecide && a.verificationStatus !== 'VERIFIED' ? (
            <div className="flex flex-wrap justify-end gap-3" data-testid="account-actions">
              {a.verificationStatus === 'PENDING' ? (
                <>
                  <Button variant="danger" onClick={() => setOpen('decline')}>
                    Decline
                  </Button>
                  <Button onClick={() => setOpen('approve')}>Approve</Button>
                </>
              ) : (
                <Button onClick={() => setOpen('review')}>Review</Button>
              )}
            </div>
          ) : null}

          {can('clients.read') ? (
            <p className="text-sm text-slate-500">
              <Link
                to={`/admin-dashboard/view-corporate-client/${a.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Open this client’s account
              </Link>
            </p>
          ) : null}

          {open === 'approve' || open === 'review' ? (
            <ApproveModal
              corporateId={a.id}
              review={open === 'review'}
              onClose={() => setOpen(null)}
              onDone={finish('approve')}
            />
          ) : null}
          {open === 'decline' ? (
            <DeclineModal corporateId={a.id} onClose={() => setOpen(null)} onDone={finish('decline')} />
          ) : null}
        </>
      )}
      <SuccessModal
        open={!!done}
        title={done ? SUCCESS[done].title : ''}
        message={done ? SUCCESS[done].message : ''}
        onClose={() => setDone(null)}
      />
    </div>
  );
}
