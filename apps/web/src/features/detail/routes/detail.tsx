import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { DetailScreen } from '../components/detail-screen';

const paramsSchema = z.object({
  kind: z.enum(['content', 'serie', 'event', 'channel']),
  id: z.coerce.number().int().positive().max(2147483647),
});

/** /detail/:kind/:id: the program detail, its own chunk. */
export function Component() {
  const { t } = useTranslation('browse');
  const parsed = paramsSchema.safeParse(useParams());
  if (!parsed.success) {
    return (
      <div className="detail detail--state">
        <p role="alert">{t('detail.notFound')}</p>
      </div>
    );
  }
  // Keyed, so moving from one title to another starts fresh (trailer off, first tab).
  return <DetailScreen key={`${parsed.data.kind}:${parsed.data.id}`} kind={parsed.data.kind} id={parsed.data.id} />;
}
