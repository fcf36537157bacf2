// A vend's receipt for its client (issue 51 points 3 and 5), on the Bills page's result and on the
// vend's details: "Download receipt" saves the server's PDF (a bill's with its token in full), and
// "Send to email/phone" opens a form that sends a successful bill's receipt to the customer by
// email and/or SMS. The server checks everything again (who may, whose bill, which destinations);
// its refusals (SMS not configured, a bill not successful, the hourly limit) are toasted as it says.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type BillSendView, billSendBody } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type ApiEnvelope, api, apiDownload } from '@/lib/api-client';
import { envelopeCallbacks, toastApiError } from '@/lib/api-toasts';
import { saveBlob } from '@/lib/download';
import { useAppForm } from '@/lib/use-app-form';
import { Button } from './ui/button';
import { DownloadIcon, MailIcon } from './ui/icons';
import { Modal } from './ui/modal';
import { TextInput } from './ui/text-input';

/** Saves one of the client's vends' receipt as a PDF file. */
export async function downloadReceipt(vend: { id: string; code: string }) {
  const file = await apiDownload(`vend/${encodeURIComponent(vend.id)}/receipt.pdf`);
  saveBlob(file.blob, file.filename ?? `receipt-${vend.code}.pdf`);
}

export function DownloadReceiptButton({
  vend,
  className,
}: {
  vend: { id: string; code: string };
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className={className}
      loading={busy}
      leftIcon={<DownloadIcon className="h-4 w-4" />}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadReceipt(vend);
          toast.success('Receipt downloaded');
        } catch (e) {
          toastApiError(e);
        } finally {
          setBusy(false);
        }
      }}
    >
      Download receipt
    </Button>
  );
}

/** "SMS is not configured" travels as a 503: said here, in the form, instead of leaving for /503. */
export const sendBillReceipt = (id: string, body: { email?: string; phone?: string }) =>
  api.post<ApiEnvelope<BillSendView>>(`bills/${encodeURIComponent(id)}/send`, body, {
    handledCodes: ['SERVICE_UNAVAILABLE'],
  });

/** "Send to email/phone" and its form in a modal. */
export function SendReceiptButton({
  bill,
  className,
}: {
  bill: { id: string; code: string };
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        leftIcon={<MailIcon className="h-4 w-4" />}
        onClick={() => setOpen(true)}
      >
        Send to email/phone
      </Button>
      {open ? <SendReceiptModal bill={bill} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function SendReceiptModal({
  bill,
  onClose,
}: {
  bill: { id: string; code: string };
  onClose: () => void;
}) {
  const send = useMutation({
    mutationFn: (body: { email?: string; phone?: string }) => sendBillReceipt(bill.id, body),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(billSendBody),
    defaultValues: { email: '', phone: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    send.mutate(
      { ...(v.email ? { email: v.email } : {}), ...(v.phone ? { phone: v.phone } : {}) },
      envelopeCallbacks(onClose, { failure: 'The receipt could not be sent.' }),
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="Send the receipt"
      description={`${bill.code}: the token or receipt reference, to the customer’s email, phone, or both.`}
      dismissible={!send.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Send the receipt">
        <TextInput
          label="Email address"
          type="email"
          placeholder="customer@example.com"
          error={!!errors.email}
          errorMessage={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="Phone number"
          variant="phone"
          placeholder="803 123 4567"
          helperText="Sent by SMS."
          error={!!errors.phone}
          errorMessage={errors.phone?.message}
          {...register('phone')}
        />
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}
