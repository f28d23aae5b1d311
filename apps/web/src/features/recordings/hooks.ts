import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getRecordingMarks, recordingKeys } from './api';
import { markBatches, type ProgrammeMark } from './lib/record-state';

/**
 * The guide marks (recorded, scheduled, reminder) of the given programmes, at most 500 ids a
 * request, cached by react-query under ['recordings', profile, 'marks', …] so a change invalidates them.
 */
export function useRecordingMarks(eventIds: readonly number[], enabled = true): ReadonlyMap<number, ProgrammeMark> {
  const batches = useMemo(() => markBatches(eventIds), [eventIds]);
  const results = useQueries({
    queries: batches.map((batch) => ({
      queryKey: recordingKeys.marks(batch),
      queryFn: ({ signal }: { signal: AbortSignal }) => getRecordingMarks(batch, signal),
      staleTime: 60_000,
      enabled,
    })),
  });
  return useMemo(() => {
    const marks = new Map<number, ProgrammeMark>();
    for (const result of results) for (const item of result.data?.items ?? []) marks.set(item.eventId, item);
    return marks;
  }, [results]);
}

/** One programme's mark (the detail overlay). */
export function useRecordingMark(eventId: number): ProgrammeMark | undefined {
  const { data } = useQuery({
    queryKey: recordingKeys.marks([eventId]),
    queryFn: ({ signal }) => getRecordingMarks([eventId], signal),
    staleTime: 60_000,
  });
  return data?.items.find((item) => item.eventId === eventId);
}
