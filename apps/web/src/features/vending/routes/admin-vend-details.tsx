// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { useParams } from 'react-router';
import { LaterReleaseScreen } from '@/components/later-release';

export default function AdminVendDetailsRoute() {
  const { id } = useParams();
  return (
    <LaterReleaseScreen
      title="Transaction Details"
      summary="The full record of one purchase, its provider route and status history, with requery and reversal actions."
      reference={{ label: 'Transaction', value: id }}
      showBack
    />
  );
}
