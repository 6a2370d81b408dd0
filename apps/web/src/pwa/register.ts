/**
 * Registers the service worker (docs/architecture.md, Web). Loaded on its own, after the page's
 * load event (start-service-worker.ts), so the login page's budget never carries it.
 */
export const UPDATED_NOTE =
  'Lands of Aleph has been updated: the new version opens with your next page load.';

/**
 * The small 'updated' note: the worker of a new version has taken over, while this page still
 * runs the code it loaded. Plain DOM, at the bottom like the app's snackbars, so this module
 * needs nothing of MUI and fits any screen, the login card's too.
 */
function showUpdatedNote() {
  if (document.getElementById('app-updated-note')) return;
  const note = document.createElement('div');
  note.id = 'app-updated-note';
  note.setAttribute('role', 'status');
  Object.assign(note.style, {
    position: 'fixed',
    left: '50%',
    bottom: '24px',
    transform: 'translateX(-50%)',
    maxWidth: 'calc(100vw - 32px)',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 16px',
    borderRadius: '4px',
    background: '#eceff1',
    color: '#2b2b2b',
    font: '0.875rem/1.43 Roboto, Helvetica, Arial, sans-serif',
    boxShadow: '0 3px 5px rgba(0, 0, 0, 0.3)',
    zIndex: '1400',
  });
  const text = document.createElement('span');
  text.textContent = UPDATED_NOTE;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  Object.assign(reload.style, {
    border: 'none',
    background: 'none',
    color: '#e65100',
    font: 'inherit',
    fontWeight: '500',
    cursor: 'pointer',
    padding: '6px 8px',
  });
  reload.addEventListener('click', () => window.location.reload());
  note.append(text, reload);
  document.body.append(note);
}

export async function registerServiceWorker(container: ServiceWorkerContainer) {
  // The first worker taking over a page that had none is no update; any later change is.
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (controlled) showUpdatedNote();
    controlled = true;
  });
  // A notification's click (service-worker.js) moves a tab with `client.navigate`, which the
  // browser refuses for a tab the worker does not control (opened before it took over): it
  // asks the page instead. Only a page of this origin is opened.
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'aleph:navigate' || typeof data.url !== 'string') return;
    const target = new URL(data.url, window.location.href);
    if (target.origin === window.location.origin) window.location.assign(target.href);
  });
  await container.register('/sw.js', { scope: '/' });
}
