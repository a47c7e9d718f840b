/**
 * The edge source of `app.visible` (machines/hub-connection.machine.ts): when the tab becomes
 * visible again, a resting connection tries at once. Returns the unsubscribe function.
 */
export function watchVisibility(
  send: (event: { type: 'app.visible' }) => void,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
): () => void {
  const onChange = () => {
    if (doc.visibilityState === 'visible') send({ type: 'app.visible' });
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
