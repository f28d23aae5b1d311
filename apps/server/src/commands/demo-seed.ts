import { demoAccountLines, seedDemo } from '../demo/seed';
import { openForCommand, runCommand } from './open';

/**
 * npm run seed:demo: the demo accounts (with their published passwords), the demo catalogue
 * and guide, and the demo media, into the configured database. A production start never
 * makes them; an operator who wants them on a server that is not public runs this.
 * Running it again tops up the demo guide.
 */
async function main(): Promise<number> {
  const { platform, modules, close } = await openForCommand();
  try {
    await seedDemo(platform, modules);
    const media = await modules.origin.prepareDemoMedia({
      progress: true,
      onWait: () => console.log('Medios: otro proceso los está preparando; esperando…'),
    });
    console.log(
      `Demostración sembrada en la base de datos (${platform.db.dialect}); medios en ${platform.config.media.mediaDir} (${media.made} preparados, ${media.kept} ya estaban).`,
    );
    console.log('Cuentas de demostración:');
    for (const line of demoAccountLines()) console.log(line);
    return 0;
  } finally {
    await close();
  }
}

runCommand(main);
