import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorProductDetail, OperatorProductPatch } from '@pantalla/contracts';
import { ApiError } from '../../../../lib/api-client';
import { useUpdateProduct } from '../api/update-product';
import { Field } from './field';
import { fromLocalInput, toLocalInput } from './money';

/** Title, package and sale window; sends only what changed (read-only for support). */
export function ProductForm({ detail, readOnly }: { detail: OperatorProductDetail; readOnly: boolean }) {
  const { t } = useTranslation('operator-products');
  const { t: tc } = useTranslation('operator');
  const { product, packages } = detail;
  const update = useUpdateProduct(product.id);
  const [title, setTitle] = useState(product.title);
  const [packageId, setPackageId] = useState(product.packageId);
  const [saleFrom, setSaleFrom] = useState(toLocalInput(product.saleFrom));
  const [saleUntil, setSaleUntil] = useState(product.saleUntil === null ? '' : toLocalInput(product.saleUntil));
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const from = fromLocalInput(saleFrom) ?? product.saleFrom;
    const until = fromLocalInput(saleUntil);
    if (until !== null && until <= from) {
      setInvalid(t('form.invalidWindow'));
      return;
    }
    setInvalid(null);
    const patch: OperatorProductPatch = {};
    if (title.trim() !== product.title) patch.title = title.trim();
    if (packageId !== product.packageId) patch.packageId = packageId;
    if (from !== product.saleFrom) patch.saleFrom = from;
    if (until !== product.saleUntil) patch.saleUntil = until;
    if (Object.keys(patch).length > 0) update.mutate(patch);
  };
  const error =
    invalid ?? (update.error instanceof ApiError ? update.error.message : update.error ? tc('common.error') : null);

  return (
    <form className="product-form" onSubmit={submit} aria-labelledby="product-form-legend">
      <h2 id="product-form-legend">{t('form.legend')}</h2>
      <fieldset disabled={readOnly || update.isPending}>
        <Field label={t('form.title')}>
          <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </Field>
        <Field label={t('form.package')}>
          <select value={packageId} onChange={(e) => setPackageId(Number(e.target.value))}>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('form.saleFrom')}>
          <input type="datetime-local" value={saleFrom} onChange={(e) => setSaleFrom(e.target.value)} required />
        </Field>
        <Field label={t('form.saleUntil')} hint={t('form.saleUntilHint')}>
          <input type="datetime-local" value={saleUntil} onChange={(e) => setSaleUntil(e.target.value)} />
        </Field>
        {readOnly ? null : <button type="submit">{update.isPending ? t('form.saving') : t('form.save')}</button>}
      </fieldset>
      {error ? (
        <p role="alert" className="operator-error">
          {error}
        </p>
      ) : null}
      {update.isSuccess && !update.isPending ? <p role="status">{t('form.saved')}</p> : null}
    </form>
  );
}
