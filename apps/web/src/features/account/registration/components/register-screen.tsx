import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import type { RegistrationForm } from '@pantalla/contracts';
import { paths } from '../../../../config/paths';
import { PanelLayout } from '../../../../ui/panel-layout';
import { useSession } from '../../stores/session';
import { RegisterForm } from './register-form';
import './registration.css';

/**
 * /register/ and /register_gearup/: 'Crea tu cuenta'. With ?product= the two-step flow
 * ('Paso 1 de 2'); a visitor who arrives signed in with ?product= goes to /login_confirm/.
 */
export function RegisterScreen({ form }: { form: RegistrationForm }) {
  const { t } = useTranslation('registration');
  const [params] = useSearchParams();
  const product = params.get('product') || null;
  // Decided on arrival: the two-step flow signs the new account in itself and must not be redirected.
  const [arrivedSignedIn] = useState(useSession().status === 'authenticated');
  if (product && arrivedSignedIn) return <Navigate to={paths.loginConfirm.getHref(product)} replace />;
  return (
    <PanelLayout title={t('title')} wide>
      {product ? <p className="step-label">{t('step1')}</p> : null}
      <RegisterForm form={form} product={product} />
    </PanelLayout>
  );
}
