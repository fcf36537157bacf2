// Placeholder until this screen's issue lands: title and an honest note, no sample data.
import { LaterReleaseScreen } from '@/components/later-release';

export default function WalletRoute() {
  return (
    <LaterReleaseScreen
      title="Wallet"
      summary="Your wallet balance, the platform funding account for bank transfers, card funding with its fee shown before you pay, and your pending fund requests."
    />
  );
}
