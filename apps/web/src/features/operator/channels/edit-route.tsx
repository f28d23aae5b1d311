import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { servedImageUrl } from '@pantalla/contracts';
import { ApiError } from '../../../lib/api-client';
import { loadTables } from '../../../lib/i18n';
import { ChannelLogo } from '../../../ui/brand';
import { sectionHref } from '../sections';
import { useCanEdit } from '../use-operator';
import { useChannel } from './api/get-channel';
import { useChannelOptions } from './api/get-channel-options';
import { useUpdateChannel } from './api/update-channel';
import { ChannelForm } from './components/channel-form';
import { ChannelStreams } from './components/channel-streams';
import './channels.css';

export async function loader() {
  await loadTables(['operator-channels']);
  return null;
}

/** /operador/canales/:channelId: one channel's form (read-only for support). */
export function Component() {
  const { t } = useTranslation('operator-channels');
  const { t: tc } = useTranslation('operator');
  const id = Number(useParams().channelId);
  const channel = useChannel(id);
  const options = useChannelOptions();
  const update = useUpdateChannel(id);
  const canEdit = useCanEdit('channels');
  const data = channel.data;
  const error = update.error instanceof ApiError ? update.error.message : update.error ? tc('common.error') : null;

  return (
    <section className="channel-edit" aria-labelledby="channel-edit-title">
      <p>
        <Link to={sectionHref('channels')}>{t('edit.back')}</Link>
      </p>
      {channel.isError ? (
        <p role="alert" className="operator-error">
          {channel.error instanceof ApiError && channel.error.status === 404 ? t('edit.notFound') : tc('common.error')}
        </p>
      ) : null}
      {data ? (
        <>
          <header className="channel-edit__preview">
            <ChannelLogo
              src={
                data.logoUrl
                  ? servedImageUrl('channel', data.id, data.logoUrl)
                  : `/api/v1/images/channel/${data.id}/logo.svg`
              }
              name={data.name}
              decorative
            />
            <h1 id="channel-edit-title">{t('edit.title', { name: data.name })}</h1>
          </header>
          <p className="channel-form__hint">
            {t('edit.stream')}: {t(`source.${data.source}`)} · {t(`health.${data.health}`)} ·{' '}
            {t('edit.alternates', { count: data.alternates })}
          </p>
          {canEdit ? null : <p role="note">{t('edit.readOnly')}</p>}
          {error ? (
            <p role="alert" className="operator-error">
              {error}
            </p>
          ) : null}
          {update.isSuccess && !update.isPending ? <p role="status">{t('edit.saved')}</p> : null}
          <ChannelForm
            key={data.updatedAt}
            channel={data}
            options={options.data}
            readOnly={!canEdit}
            saving={update.isPending}
            onSave={(patch) => update.mutate(patch)}
          />
          <ChannelStreams channel={data} />
        </>
      ) : null}
    </section>
  );
}
