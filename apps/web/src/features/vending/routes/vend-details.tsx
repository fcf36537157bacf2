// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { useParams } from 'react-router';
import { LaterReleaseScreen } from '@/components/later-release';

export default function VendDetailsRoute() {
  const { id } = useParams();
  return (
    <LaterReleaseScreen
      title="Transaction Details"
      summary="The full record of one airtime or data purchase: phone number, network, amount, commission, reference and every status change."
      reference={{ label: 'Transaction', value: id }}
      showBack
    />
  );
}
