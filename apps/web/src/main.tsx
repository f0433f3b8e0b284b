import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';

// After a deploy, an open tab may ask for page chunks that no longer exist. Reload once to pick up
// the new build instead of showing an error (at most once a minute, so a real outage cannot loop).
window.addEventListener('vite:preloadError', (event) => {
  const key = 'khedma.chunkReloadAt';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last > 60_000) {
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  }
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Render once the remembered language's catalogue is in, so Arabic readers never see English first.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
