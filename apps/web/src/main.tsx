import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageReady } from './lib/i18n';
import './styles/global.css';
import './ui/ui.css';
import './app/app.css';
import { restoreSession } from './features/account';
import { App } from './app/app';

// Before the first render, so the screens wait for the session instead of flashing the login.
void restoreSession();

// An English or German user's tables first (Spanish is in the bundle): no screen of keys.
const root = document.getElementById('root');
void languageReady.then(() => {
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
});
