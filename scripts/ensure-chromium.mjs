// Makes sure Debian's Chromium is there for the browser suites: installs it as root,
// otherwise stops at once with the command to run. Never skips silently.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PACKAGES = 'chromium fonts-dejavu-core';

if (!existsSync(CHROMIUM)) {
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Chromium not found at ${CHROMIUM}: installing ${PACKAGES} from apt...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGES}`, {
      stdio: 'inherit',
    });
  } else {
    console.error(
      `Chromium not found at ${CHROMIUM}. The browser suites need it. Run:\n\n  sudo apt-get update && sudo apt-get install -y ${PACKAGES}\n`,
    );
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM} after installing.`);
  process.exit(1);
}
