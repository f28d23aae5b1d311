import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorProductDetailSchema, type OperatorProductPatch } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { productKey } from './get-product';
import { productsKey } from './get-products';

/** PATCH /operator/products/{id}: only the fields that changed. */
export function updateProduct(id: number, patch: OperatorProductPatch) {
  return api.request(`/operator/products/${id}`, { method: 'PATCH', body: patch, schema: operatorProductDetailSchema });
}

/** Saves title, package and sale window; the page and the list read them again. */
export function useUpdateProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: OperatorProductPatch) => updateProduct(id, patch),
    onSuccess: (saved) => {
      client.setQueryData(productKey(id), saved);
      void client.invalidateQueries({ queryKey: [...productsKey, 'list'] });
    },
  });
}
