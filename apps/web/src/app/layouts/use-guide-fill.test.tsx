import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@pantalla/contracts';
import { getChannelsQueryOptions } from '../../lib/catalogue';

const fillGuideOpening = vi.fn(() => Promise.resolve());
vi.mock('../../features/guide/prefill', () => ({ fillGuideOpening }));
const { useGuideFill } = await import('./use-guide-fill');

const user = { email: 'casa@pantalla.test', userId: 7, profiles: [], channelOrder: [2, 1] };
const channels = [
  { id: 1, epg: 1 },
  { id: 2, epg: 1 },
] as unknown as Channel[];

function setup() {
  const client = new QueryClient();
  client.setQueryData(getChannelsQueryOptions(10).queryKey, { resources: channels });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useGuideFill', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    fillGuideOpening.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("fills the guide's opening with the lineup's channels once the screen has settled", async () => {
    const { client, wrapper } = setup();
    const { unmount } = renderHook(() => useGuideFill({ lineupId: 10, loadDone: true, user }), {
      wrapper,
    });
    vi.advanceTimersByTime(2900);
    await Promise.resolve();
    expect(fillGuideOpening).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(fillGuideOpening).toHaveBeenCalledTimes(1));
    expect(fillGuideOpening).toHaveBeenCalledWith(client, channels, [2, 1], { profile: { user, profileId: null } });
    unmount();
  });

  it('waits for load_done, and leaving first cancels it', async () => {
    const { wrapper } = setup();
    const { rerender, unmount } = renderHook(
      (props: { loadDone: boolean }) => useGuideFill({ lineupId: 10, loadDone: props.loadDone, user }),
      {
        wrapper,
        initialProps: { loadDone: false },
      },
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fillGuideOpening).not.toHaveBeenCalled();
    rerender({ loadDone: true });
    await vi.advanceTimersByTimeAsync(1000);
    unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fillGuideOpening).not.toHaveBeenCalled();
  });
});
