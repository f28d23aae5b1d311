import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createTestContext, TEST_SECRETS, type TestContext } from '../../../test/context';
import { linkify, renderMailbox } from './dev-mail';
import { createMailer, OutboxMailer, SmtpMailer } from './mail';
import { OutboxRepository } from './outbox.repository';

const kinds = await databaseKinds();

describe('mailbox rendering', () => {
  it('escapes text and makes http(s) addresses clickable', () => {
    expect(linkify('Abre https://x.test/resetpassword/abc_-1 <ya> & "listo"')).toBe(
      'Abre <a href="https://x.test/resetpassword/abc_-1">https://x.test/resetpassword/abc_-1</a> &lt;ya&gt; &amp; &quot;listo&quot;',
    );
    expect(linkify('javascript:alert(1) <script>')).toBe('javascript:alert(1) &lt;script&gt;');
  });
  it('says so when there is no mail', () => {
    expect(renderMailbox([])).toContain('No hay ningún correo.');
  });
});

describe.each(kinds)('development mailbox on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const mailerOf = (
    config: { smtpUrl: string | undefined; mailFrom: string },
    onError: (e: unknown) => void = () => {},
  ) => createMailer(config, new OutboxRepository(ctx.platform.db), ctx.clock, onError);

  it('uses the outbox without SMTP_URL', () => {
    expect(mailerOf(ctx.config)).toBeInstanceOf(OutboxMailer);
  });

  it('uses SMTP when SMTP_URL is set, reporting delivery failures without failing the request', async () => {
    const errors: unknown[] = [];
    const mailer = mailerOf({ ...ctx.config, smtpUrl: 'smtp://127.0.0.1:1' }, (e) => errors.push(e));
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await expect(mailer.send({ to: 'a@pantalla.test', subject: 's', text: 't' })).resolves.toBeUndefined();
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 10_000 });
  });

  it('lists the outbox newest first as JSON and as a page', async () => {
    const mailer = mailerOf(ctx.config);
    await mailer.send({ to: 'Uno@Pantalla.test', subject: 'Primero', text: 'uno' });
    ctx.clock.advance(1000);
    await mailer.send({
      to: 'dos@pantalla.test',
      subject: 'Segundo <b>',
      text: 'Entra en http://localhost:8080/resetpassword/t0k3n',
      html: '<p>dos</p>',
    });

    const list = (await ctx.app.inject({ method: 'GET', url: '/dev/mail.json' })).json<
      { subject: string; to: string; html: string | null }[]
    >();
    expect(list.map((m) => m.subject)).toEqual(['Segundo <b>', 'Primero']);
    expect(list[1]).toMatchObject({ to: 'uno@pantalla.test', html: null });
    const filtered = (await ctx.app.inject({ method: 'GET', url: '/dev/mail.json?to=UNO@pantalla.test' })).json<
      unknown[]
    >();
    expect(filtered).toHaveLength(1);

    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('<a href="http://localhost:8080/resetpassword/t0k3n">');
    expect(page.body).toContain('Segundo &lt;b&gt;');
    expect(page.body.indexOf('Segundo')).toBeLessThan(page.body.indexOf('Primero'));
  });
});

describe('development mailbox in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { NODE_ENV: 'production', ...TEST_SECRETS });
  });
  afterAll(async () => ctx?.close());

  it('is not served', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
  });
});
