import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setLanguage } from '../../../lib/i18n';
import { RecordActions } from './record-actions';
import { RecordingsScreen } from './recordings-screen';
import { ReminderNotice } from './reminder-notice';

vi.mock('../../account', () => ({ useUserInfo: () => ({ userId: 1 }) }));

type Handler = (method: string, path: string, body: unknown) => { status: number; body: unknown };
const calls: string[] = [];
/** Every request's path and query, in order. */
const urls: string[] = [];
function stubApi(handler: Handler) {
  calls.length = 0;
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      urls.push(`${method} ${url.pathname}${url.search}`);
      const answer = handler(method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined);
      return Promise.resolve(
        new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const NOW = Date.UTC(2030, 4, 10, 20);
const quota = { usedSeconds: 0, scheduledSeconds: 0, limitSeconds: 180_000 };
const noMark = { items: [] };

beforeEach(async () => {
  await setLanguage('es');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RecordActions', () => {
  it('says why "Grabar" was refused, in Spanish', async () => {
    stubApi((method, path) => {
      if (path.endsWith('/recordings/quota')) return { status: 200, body: quota };
      if (path.endsWith('/recordings/marks')) return { status: 200, body: noMark };
      return {
        status: 409,
        body: { statusCode: 409, code: 'conflict', message: 'x', data: { recording: 'external_no_catchup' } },
      };
    });
    render(
      <RecordActions
        eventId={7}
        channelId={3}
        title="Noticias"
        start={NOW - 7200_000}
        end={NOW - 3600_000}
        now={NOW}
      />,
      {
        wrapper: Providers,
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Grabar$/ }));
    expect(await screen.findByText(/no tiene archivo de diferido/)).toBeTruthy();
    expect(calls).toContain('POST /api/v1/recordings');
  });

  it('says the quota is full before recording and keeps the button off', async () => {
    stubApi((_method, path) =>
      path.endsWith('/recordings/quota')
        ? { status: 200, body: { usedSeconds: 3500, scheduledSeconds: 0, limitSeconds: 3600 } }
        : { status: 200, body: noMark },
    );
    render(<RecordActions eventId={7} channelId={3} title="Cine" start={NOW} end={NOW + 7200_000} now={NOW} />, {
      wrapper: Providers,
    });
    expect(await screen.findByText(/espacio de grabación está lleno/)).toBeTruthy();
    expect(screen.getByTestId('rec-record').hasAttribute('disabled')).toBe(true);
  });

  it('shows Programado from the mark and sets a series rule on any channel, new episodes only', async () => {
    let rule: unknown = null;
    stubApi((method, path, body) => {
      if (path.endsWith('/recordings/quota')) return { status: 200, body: quota };
      if (path.endsWith('/recordings/marks'))
        return { status: 200, body: { items: [{ eventId: 7, recorded: false, scheduled: true, reminder: false }] } };
      rule = body;
      return { status: 201, body: { id: 1, createdAt: NOW, ...(body as object) } };
    });
    render(
      <RecordActions eventId={7} channelId={3} title="Serie" start={NOW + 600_000} end={NOW + 4200_000} now={NOW} />,
      {
        wrapper: Providers,
      },
    );
    await waitFor(() => expect(screen.getByTestId('rec-record').textContent).toContain('Programado'));
    await userEvent.click(screen.getByRole('button', { name: 'Grabar la serie' }));
    await userEvent.click(screen.getByLabelText('En cualquier canal'));
    await userEvent.click(screen.getByRole('button', { name: 'Crear regla' }));
    await waitFor(() => expect(rule).toEqual({ kind: 'title', text: 'Serie', channelId: null, newOnly: true }));
    expect(screen.getByRole('button', { name: /Avisarme/ })).toBeTruthy();
  });
});

describe('RecordActions reminder', () => {
  it('sets the bell with the chosen lead time and a mail, and says when it will fire', async () => {
    let sent: unknown = null;
    stubApi((method, path, body) => {
      if (path.endsWith('/recordings/quota')) return { status: 200, body: quota };
      if (path.endsWith('/recordings/marks')) return { status: 200, body: noMark };
      sent = body;
      const b = body as { eventId: number; minutesBefore: number; mail: boolean };
      return {
        status: 201,
        body: { id: 4, channelId: 3, title: 'Cine', startTime: NOW + 3_600_000, remindAt: 0, ...b },
      };
    });
    render(
      <RecordActions eventId={7} channelId={3} title="Cine" start={NOW + 3_600_000} end={NOW + 7_200_000} now={NOW} />,
      {
        wrapper: Providers,
      },
    );
    await userEvent.selectOptions(await screen.findByLabelText('Avisar'), '10');
    await userEvent.click(screen.getByLabelText('También por correo'));
    await userEvent.click(screen.getByTestId('rec-bell'));
    await waitFor(() => expect(sent).toEqual({ eventId: 7, minutesBefore: 10, mail: true }));
    expect(await screen.findByText('Te avisaremos 10 min antes.')).toBeTruthy();
  });
});

describe('RecordActions bell off', () => {
  it("finds the programme's reminder past the first page and removes it", async () => {
    const other = {
      id: 1,
      eventId: 99,
      channelId: 3,
      title: 'Otro',
      startTime: NOW,
      minutesBefore: 2,
      remindAt: 0,
      mail: false,
    };
    stubApi((method, path) => {
      if (path.endsWith('/recordings/quota')) return { status: 200, body: quota };
      if (path.endsWith('/recordings/marks'))
        return { status: 200, body: { items: [{ eventId: 7, recorded: false, scheduled: false, reminder: true }] } };
      if (method === 'DELETE') return { status: 204, body: null };
      return urls.at(-1)?.includes('cursor=p2')
        ? { status: 200, body: { items: [{ ...other, id: 8, eventId: 7 }], nextCursor: null } }
        : { status: 200, body: { items: [other], nextCursor: 'p2' } };
    });
    render(
      <RecordActions eventId={7} channelId={3} title="Cine" start={NOW + 3_600_000} end={NOW + 7_200_000} now={NOW} />,
      {
        wrapper: Providers,
      },
    );
    await waitFor(() => expect(screen.getByTestId('rec-bell').getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(screen.getByTestId('rec-bell'));
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/reminders/8'));
    expect(urls).toContain('GET /api/v1/reminders?limit=100&cursor=p2');
  });
});

describe('Mis grabaciones: rules and reminders', () => {
  const rule = (id: number) => ({
    id,
    kind: 'title',
    text: `Serie ${id}`,
    channelId: null,
    newOnly: true,
    createdAt: NOW,
  });
  const reminder = {
    id: 5,
    eventId: 7,
    channelId: 3,
    title: 'Final',
    startTime: NOW,
    minutesBefore: 15,
    remindAt: 0,
    mail: true,
  };

  it('pages the rules on the server ("Ver más" sends the cursor) and deletes one', async () => {
    stubApi((method, path) => {
      if (path.endsWith('/recordings/quota')) return { status: 200, body: quota };
      if (method === 'DELETE') return { status: 204, body: null };
      const more = urls.at(-1)?.includes('cursor=c1');
      return more
        ? { status: 200, body: { items: [rule(1)], nextCursor: null } }
        : { status: 200, body: { items: [rule(2)], nextCursor: 'c1' } };
    });
    render(
      <MemoryRouter>
        <RecordingsScreen onPlay={() => undefined} />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Reglas' }));
    expect(await screen.findByText('Serie: Serie 2')).toBeTruthy();
    expect(urls).toContain('GET /api/v1/recordings/rules?limit=30');
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('Serie: Serie 1')).toBeTruthy();
    expect(urls).toContain('GET /api/v1/recordings/rules?limit=30&cursor=c1');
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(screen.getAllByText(/En cualquier canal · Solo episodios nuevos/)).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Borrar' })[0]!);
    await waitFor(() => expect(calls).toContain('DELETE /api/v1/recordings/rules/2'));
  });

  it('lists reminders with their lead time and mail, paged the same way', async () => {
    stubApi((_method, path) =>
      path.endsWith('/recordings/quota')
        ? { status: 200, body: quota }
        : { status: 200, body: { items: [reminder], nextCursor: null } },
    );
    render(
      <MemoryRouter>
        <RecordingsScreen onPlay={() => undefined} />
      </MemoryRouter>,
      { wrapper: Providers },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Recordatorios' }));
    expect(await screen.findByText(/aviso 15 min antes, también por correo/)).toBeTruthy();
    expect(urls).toContain('GET /api/v1/reminders?limit=30');
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

describe('ReminderNotice', () => {
  it('says the programme starts in N min and "Ver ahora" opens the live player and marks it seen', async () => {
    const startTime = Date.now() + 2 * 60_000;
    let due = true;
    stubApi((method, path) => {
      if (path.endsWith('/reminders/due'))
        return {
          status: 200,
          body: {
            items: due
              ? [
                  {
                    id: 9,
                    eventId: 7,
                    channelId: 3,
                    title: 'Final',
                    startTime,
                    minutesBefore: 2,
                    remindAt: 0,
                    mail: false,
                  },
                ]
              : [],
          },
        };
      due = false;
      return { status: 204, body: null };
    });
    render(
      <MemoryRouter initialEntries={['/guide']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <ReminderNotice />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
      { wrapper: Providers },
    );
    expect(await screen.findByText('«Final» empieza en 2 min')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ver ahora' }));
    await waitFor(() => expect(calls).toContain('POST /api/v1/reminders/9/seen'));
    expect(screen.getByTestId('where').textContent).not.toBe('/guide');
    await waitFor(() => expect(screen.queryByTestId('reminder-notice')).toBeNull());
  });
});
