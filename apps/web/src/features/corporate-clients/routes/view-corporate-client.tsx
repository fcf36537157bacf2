// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { useParams } from 'react-router';
import { LaterReleaseScreen } from '@/components/later-release';

export default function ViewCorporateClientRoute() {
  const { corporateId } = useParams();
  return (
    <LaterReleaseScreen
      title="Corporate Client"
      summary="One corporate client’s profile, wallet, client type, credit limit, services, test mode and activity."
      reference={{ label: 'Corporate client', value: corporateId }}
      showBack
    />
  );
}
