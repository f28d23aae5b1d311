import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorProductDetailSchema, type OperatorPriceChange } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';
import { withReauth } from '../../api/reauth';
import { productKey } from './get-product';
import { productsKey } from './get-products';

/** POST /operator/products/{id}/price: sensitive, so the password dialog opens when the server asks for it. */
export function changePrice(id: number, change: OperatorPriceChange) {
  return withReauth(() => api.post(`/operator/products/${id}/price`, change, { schema: operatorProductDetailSchema }));
}

/** Changes the price new purchases pay; the page and the list read it again. */
export function useChangePrice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorPriceChange) => changePrice(id, change),
    onSuccess: (saved) => {
      client.setQueryData(productKey(id), saved);
      void client.invalidateQueries({ queryKey: [...productsKey, 'list'] });
    },
  });
}
