import { useTranslation } from 'react-i18next';
import { ViewsList } from './views-list';
import '../qoe.css';

/** The subscriber page's part of quality: the account's recent views, each opening its page. */
export function SubscriberViewsSection({ userId }: { userId: number }) {
  const { t } = useTranslation('operator-qoe');
  return (
    <section className="subscriber__card subscriber__card--wide operator-qoe" aria-labelledby="subscriber-qoe-views">
      <h2 id="subscriber-qoe-views">{t('views.title')}</h2>
      <ViewsList of={{ userId }} showItem />
    </section>
  );
}
