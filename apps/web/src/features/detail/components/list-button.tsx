import { useTranslation } from 'react-i18next';
import type { MyListKind } from '@pantalla/contracts';
import { useFavouriteChannel, useMyListItem } from '../api/my-list';

type Toggle = ReturnType<typeof useMyListItem>;

/** "Mi lista" on a film's, series' or programme's page (issue 30): pressed while it is in the profile's list. */
export function MyListButton({ kind, id }: { kind: MyListKind; id: number }) {
  const { t } = useTranslation('browse');
  const state = useMyListItem(kind, id);
  return <ToggleButton state={state} label={t('detail.myList')} failed={t('detail.myListFailed')} on="✓" off="+" />;
}

/** The star on a channel's page: pressed while it is one of the profile's favourite channels. */
export function FavouriteChannelButton({ channelId }: { channelId: number }) {
  const { t } = useTranslation('browse');
  const state = useFavouriteChannel(channelId);
  return <ToggleButton state={state} label={t('detail.favourite')} failed={t('detail.myListFailed')} on="★" off="☆" />;
}

function ToggleButton({
  state,
  label,
  failed,
  on,
  off,
}: {
  state: Toggle;
  label: string;
  failed: string;
  on: string;
  off: string;
}) {
  return (
    <div className="detail__list">
      <button
        type="button"
        className="btn btn--secondary detail__list-button"
        aria-pressed={state.inList}
        // Busy, it stays enabled (a disabled button drops the keyboard's focus); toggle ignores presses meanwhile.
        disabled={!state.ready}
        aria-busy={state.busy}
        onClick={state.toggle}
      >
        <span aria-hidden="true">{state.inList ? on : off} </span>
        {label}
      </button>
      {state.failed ? (
        <p role="alert" className="detail__list-error">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
