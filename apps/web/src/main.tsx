import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { registerServiceWorker } from './pwa/register';

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

registerServiceWorker();
