import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// CI is a busy 2-core machine: findBy/waitFor wait for their condition up to 4 s rather than
// Testing Library's 1 s. A passing test is no slower; only a real failure takes longer to say so.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => cleanup());
