import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A subscriber page action: on success the page (and the audit trail) is read again. */
export function useSubscriberAction<TInput, TResult>(userId: number, run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      // The subscriber page's key (its purchases' pages sit below it).
      void client.invalidateQueries({ queryKey: ['operator', 'subscriber', userId] });
      void client.invalidateQueries({ queryKey: ['operator', 'audit'] });
    },
  });
}
