import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAME_MAX, PASSWORD_MAX, SPORTS, type RegistrationField, type RegistrationForm } from '@pantalla/contracts';
import { paths } from '../../../../config/paths';
import { currentLanguage } from '../../../../lib/i18n';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { SelectField, TextField } from '../../../../ui/text-field';
import { useFormToken } from '../api/registration-api';
import { countryList } from '../lib/countries';
import { messageKey } from '../lib/message-key';
import { saveDraft } from '../lib/registration-draft';
import { useRegistrationValues } from '../lib/use-registration-values';
import { useSubmitRegistration } from '../lib/use-submit-registration';

export interface RegisterFormProps {
  form: RegistrationForm;
  /** The two-step flow's package id (?product=), or null. */
  product: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** 'Crea tu cuenta': both forms (/register/ and the simpler /register_gearup/), plain or two-step. */
export function RegisterForm({ form, product }: RegisterFormProps) {
  const { t } = useTranslation('registration');
  const twoStep = product !== null;
  const state = useRegistrationValues(form, twoStep);
  const token = useFormToken(form);
  const flow = useSubmitRegistration({ form, product });
  const [website, setWebsite] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const language = currentLanguage();
  const countries = useMemo(
    () => (form === 'register' ? countryList(language).map((c) => ({ value: c.code, label: c.name })) : []),
    [form, language],
  );
  const sports = useMemo(
    () =>
      SPORTS.map((s) => ({ value: s, label: t(`sports.${s}`) })).sort((a, b) =>
        a.label.localeCompare(b.label, language),
      ),
    [t, language],
  );

  // Rules and the server speak Spanish; each known message has its key in every table.
  const say = (text: string | undefined) => {
    const key = text ? messageKey(text) : null;
    return key ? (t as unknown as (k: string) => string)(key) : text;
  };
  const bind = (field: RegistrationField) => ({
    name: field,
    value: state.values[field],
    error: say(state.errors[field]),
    onChange: (e: { target: { value: string } }) => state.set(field, e.target.value),
    onBlur: () => state.touch(field),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const first = state.touchAll();
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    // Without a form token the server cannot take the form: a failure like any other.
    if (!token.data) return void flow.fail();
    void flow.submit(state.values, website, token.data.formToken);
  }

  return (
    <form ref={formRef} className="form register-form" onSubmit={onSubmit} noValidate>
      {flow.alert ? <Alert>{say(flow.alert)}</Alert> : null}
      <div className="register-form__pair">
        <TextField label={t('name')} autoComplete="given-name" maxLength={NAME_MAX} {...bind('username')} />
        <TextField
          label={t('secondName')}
          autoComplete="family-name"
          maxLength={NAME_MAX}
          {...bind('user_secondname')}
        />
      </div>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        {...bind('login')}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={t('passwordHint')}
        {...bind('passw')}
      />
      {form === 'register' ? (
        <div className="register-form__pair">
          <SelectField
            label={t('country')}
            placeholder={t('countryPlaceholder')}
            options={countries}
            autoComplete="country"
            {...bind('country')}
          />
          <SelectField label={t('sport')} placeholder={t('sportPlaceholder')} options={sports} {...bind('sport')} />
        </div>
      ) : null}
      <TextField
        label={t('birthday')}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={today()}
        {...bind('birthday')}
      />
      <TrapField value={website} onChange={setWebsite} />
      <PrivacyNote onLeave={() => saveDraft(form, state.values)} />
      <Button type="submit" block loading={flow.pending || token.isPending}>
        {twoStep ? t('continue') : t('submit')}
      </Button>
      <Link
        className="link form__back"
        to={twoStep && product ? paths.loginConfirm.getHref(product) : paths.landing.getHref()}
      >
        {t('haveAccount')}
      </Link>
    </form>
  );
}

/** People never see this field; scripts that fill every input do. */
function TrapField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('registration');
  return (
    <div className="register-form__trap" aria-hidden="true">
      <label>
        {t('trap')}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

/** The privacy note; its link opens the policy in the same tab, which leads back here with what was typed (never the password) kept. */
function PrivacyNote({ onLeave }: { onLeave: () => void }) {
  const location = useLocation();
  return (
    <p className="register-form__privacy">
      <Trans
        ns="registration"
        i18nKey="privacyNote"
        components={{
          policy: (
            <Link
              className="link"
              to={paths.privacy.getHref()}
              state={{ from: `${location.pathname}${location.search}` }}
              onClick={onLeave}
            />
          ),
        }}
      />
    </p>
  );
}
