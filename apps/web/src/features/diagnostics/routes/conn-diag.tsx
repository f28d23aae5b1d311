import { ConnDiagScreen } from '../components/conn-diag-screen';

/** /conndiag/ (lazy route module). */
export function Component() {
  return <ConnDiagScreen />;
}
