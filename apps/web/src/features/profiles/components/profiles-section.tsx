import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROFILE_AVATARS,
  PROFILE_LANGUAGES,
  type ProfileDetail,
  type ProfileKind,
  type ProfileUpdate,
} from '@pantalla/contracts';
import { currentProfile } from '../../../lib/current-profile';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { useCreateProfile, useDeleteProfile, useProfileDetails, useUpdateProfile } from '../api/profiles';
import { ProfileAvatar } from './avatar';
import './profiles.css';

/** What the server lets an account have (PROFILES_MAX's default); the server has the last word. */
const SHOWN_MAX = 5;

type Draft = Required<Pick<ProfileUpdate, 'name' | 'avatar' | 'kind'>> & { language: ProfileDetail['language'] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Name, picture, language and kind of a profile: the same form creates and edits. */
function ProfileForm({
  initial,
  kindLocked,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: Draft;
  /** The first profile stays an adult one. */
  kindLocked: boolean;
  submitLabel: string;
  busy: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profiles');
  const [draft, setDraft] = useState<Draft>(initial);
  const ids = { language: useId(), kind: useId(), avatar: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...draft, name: draft.name.trim() });
  };
  return (
    <form className="profiles-section__form" onSubmit={submit}>
      <TextField
        label={t('section.name')}
        value={draft.name}
        required
        maxLength={60}
        onChange={(event) => setDraft({ ...draft, name: event.target.value })}
      />
      <fieldset className="profiles-section__avatars" aria-labelledby={ids.avatar}>
        <legend id={ids.avatar} className="field__label">
          {t('section.avatar')}
        </legend>
        {PROFILE_AVATARS.map((avatar) => (
          <label key={avatar} title={t(`avatars.${avatar}`)}>
            <input
              type="radio"
              name={`avatar-${ids.avatar}`}
              value={avatar}
              checked={draft.avatar === avatar}
              onChange={() => setDraft({ ...draft, avatar })}
              aria-label={t(`avatars.${avatar}`)}
            />
            <ProfileAvatar avatar={avatar} size="medium" />
          </label>
        ))}
      </fieldset>
      <div className="profiles-section__row">
        <div className="field">
          <label className="field__label" htmlFor={ids.language}>
            {t('section.language')}
          </label>
          <select
            id={ids.language}
            className="field__input field__select"
            value={draft.language ?? ''}
            onChange={(event) =>
              setDraft({ ...draft, language: (event.target.value || null) as ProfileDetail['language'] })
            }
          >
            <option value="">{t('section.languageAccount')}</option>
            {PROFILE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.kind}>
            {t('section.kind')}
          </label>
          <select
            id={ids.kind}
            className="field__input field__select"
            value={draft.kind}
            disabled={kindLocked}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value as ProfileKind })}
          >
            <option value="adult">{t('adult')}</option>
            <option value="kids">{t('kids')}</option>
          </select>
        </div>
      </div>
      <div className="profiles-section__buttons">
        <Button type="submit" loading={busy} disabled={draft.name.trim() === ''}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** /settings/: the account's profiles, created, renamed, re-pictured, re-languaged, re-kinded and deleted. */
export function ProfilesSection() {
  const { t } = useTranslation('profiles');
  const titleId = useId();
  const profiles = useProfileDetails();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const remove = useDeleteProfile();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const done = (text: string) => {
    setEditing(null);
    setNotice({ tone: 'success', text });
  };
  const failed = (error: unknown) => setNotice({ tone: 'error', text: messageOf(error) });
  // A kids profile sees and changes only itself, and not its kind (the server refuses the rest).
  const kidsId = useSyncExternalStore(currentProfile.subscribe, () => {
    const current = currentProfile.get();
    return current?.kind === 'kids' && current.token ? current.id : null;
  });
  const all = profiles.data?.resources ?? [];
  const list = kidsId === null ? all : all.filter((p) => p.id === kidsId);

  return (
    <section className="settings-card settings-card--wide profiles-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="settings-card__title">
        {t('section.title')}
      </h2>
      <p className="settings-card__intro">{t('section.intro', { max: SHOWN_MAX })}</p>
      {profiles.isPending ? <Spinner size="small" label={t('loading')} /> : null}
      {profiles.isError ? <Alert>{t('loadFailed')}</Alert> : null}
      <ul className="profiles-section__list">
        {list.map((profile) => (
          <li key={profile.id} className="profiles-section__item" data-profile={profile.name}>
            <ProfileAvatar avatar={profile.avatar} size="medium" />
            <div className="profiles-section__who">
              <strong>{profile.name}</strong>
              <span className="profiles-section__meta">
                {profile.kind === 'kids' ? t('kids') : t('adult')}
                {profile.language ? ` · ${t(`languages.${profile.language}`)}` : ''}
                {profile.isDefault ? ` · ${t('section.default')}` : ''}
              </span>
            </div>
            <div className="profiles-section__buttons">
              <Button
                variant="secondary"
                aria-label={`${t('section.edit')}: ${profile.name}`}
                onClick={() => setEditing(editing === profile.id ? null : profile.id)}
              >
                {t('section.edit')}
              </Button>
              {profile.isDefault || kidsId !== null ? null : (
                <Button
                  variant="ghost"
                  aria-label={`${t('section.delete')}: ${profile.name}`}
                  loading={remove.isPending && remove.variables === profile.id}
                  onClick={() => {
                    if (!window.confirm(t('section.confirmDelete', { name: profile.name }))) return;
                    remove.mutate(profile.id, { onSuccess: () => done(t('section.deleted')), onError: failed });
                  }}
                >
                  {t('section.delete')}
                </Button>
              )}
            </div>
            {editing === profile.id ? (
              <ProfileForm
                initial={{ name: profile.name, avatar: profile.avatar, kind: profile.kind, language: profile.language }}
                kindLocked={profile.isDefault || kidsId !== null}
                submitLabel={t('section.save')}
                busy={update.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={(draft) =>
                  update.mutate(
                    { id: profile.id, changes: kidsId === null ? draft : { ...draft, kind: undefined } },
                    { onSuccess: () => done(t('section.saved')), onError: failed },
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <ProfileForm
          initial={{ name: '', avatar: 'estrella', kind: 'adult', language: null }}
          kindLocked={false}
          submitLabel={t('section.create')}
          busy={create.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(draft) => create.mutate(draft, { onSuccess: () => done(t('section.created')), onError: failed })}
        />
      ) : profiles.data && kidsId === null ? (
        <Button
          variant="secondary"
          className="profiles-section__add"
          disabled={list.length >= SHOWN_MAX}
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          {t('section.add')}
        </Button>
      ) : null}
      {list.length >= SHOWN_MAX ? <p className="settings-card__intro">{t('section.full')}</p> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
    </section>
  );
}
