// Entry of the window: mounts the React app and registers the service worker.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/base.css';
import './styles/app.css';
import './styles/shell.css';
import './styles/settings.css';
import './styles/widgets.css';
import './styles/pages.css';
import './styles/vessel.css';
import './styles/search.css';
import './styles/ports.css';
import './styles/chat.css';
import './styles/desk.css';
import { App } from './App.tsx';
import { registerServiceWorker } from './platform/sw-register.ts';
import { startWindowMeter } from './features/meter/count-window-bytes.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
// The data meter counts this page's own downloads (the first visit's files) from the start, signed on or not.
startWindowMeter();
