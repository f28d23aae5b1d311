import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { ALL_NAMESPACES, LANGUAGES, loadLanguage } from '../lib/i18n';

// Tests read every language's tables, as the app does once a user switched.
await Promise.all(LANGUAGES.map((lng) => loadLanguage(lng, ALL_NAMESPACES)));

// CI is a busy 2-core machine, where a render that takes 0.3 s idle was seen to take 3.5 s:
// findBy/waitFor wait for their condition up to 10 s rather than Testing Library's 1 s. A
// passing test is no slower; only a real failure takes longer to say so.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
