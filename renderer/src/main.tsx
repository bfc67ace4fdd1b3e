import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createTransport } from './api/createTransport';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App transport={createTransport()} />
  </StrictMode>,
);
