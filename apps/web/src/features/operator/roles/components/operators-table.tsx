import type { OperatorEntry, OperatorRole } from '@pantalla/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/button';

/** The operators and their roles; each role a table-granted row holds can be revoked. */
export function OperatorsTable({
  operators,
  busy,
  onRevoke,
}: {
  operators: readonly OperatorEntry[];
  busy: boolean;
  onRevoke: (operator: OperatorEntry, role: OperatorRole) => void;
}) {
  const { t } = useTranslation('operator-access');
  const { t: tc } = useTranslation('operator');
  return (
    <div className="operator-table-wrap">
      <table className="operator-table operator-access__table">
        <caption className="visually-hidden">{t('roles.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('roles.columns.email')}</th>
            <th scope="col">{t('roles.columns.name')}</th>
            <th scope="col">{t('roles.columns.roles')}</th>
          </tr>
        </thead>
        <tbody>
          {operators.map((operator) => (
            <tr key={operator.userId}>
              <th scope="row" className="operator-access__email">
                {operator.email}
              </th>
              <td>{operator.name}</td>
              <td>
                <ul className="operator-access__roles">
                  {operator.roles.map((role) => (
                    <li key={role}>
                      <span>{tc(`roles.${role}`)}</span>
                      {role === 'admin' && operator.configAdmin ? (
                        <span className="operator-access__config">{t('roles.configAdmin')}</span>
                      ) : (
                        <Button
                          variant="ghost"
                          className="operator-access__revoke"
                          disabled={busy}
                          onClick={() => onRevoke(operator, role)}
                          aria-label={t('roles.revokeLabel', { role: tc(`roles.${role}`), email: operator.email })}
                        >
                          {t('roles.revoke')}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
