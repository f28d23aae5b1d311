import { useParams } from 'react-router';
import { ReceiptScreen } from '../components/receipt-screen';

/** /settings/receipts/:entryId (lazy route module). */
export function Component() {
  const { entryId = '' } = useParams();
  return <ReceiptScreen entryId={entryId} />;
}
