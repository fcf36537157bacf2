import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followOtherTabs, sessionStore } from './lib/session';
import './index.css';

// Restore the session (profile in local storage, token in the cookie) before the first render.
sessionStore.restore();
followOtherTabs();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
