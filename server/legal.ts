import type { ServerResponse } from 'node:http';
import { escapeHtml, page, sendHtml } from './http-util';

/**
 * The documents a user agrees to (Terms & Conditions, privacy policy), as simple pages on the app
 * origin of the local stack. The app links to them through the runtime configuration
 * (`termsUrl`, `privacyUrl` of GET /api/clientconfig/app); a real deployment points those at the
 * marketing site (docs/decisions/006-product-name-and-titles.md).
 */
export const legalPaths = { terms: '/legal/terms', privacy: '/legal/privacy' } as const;

const documents: Record<string, { title: string; body: string }> = {
  [legalPaths.terms]: {
    title: 'Terms & Conditions',
    body: '<p>These are the Terms &amp; Conditions of the Practice Portal (local stack copy).</p>',
  },
  [legalPaths.privacy]: {
    title: 'Privacy policy',
    body: '<p>This is the privacy policy of the Practice Portal (local stack copy).</p>',
  },
};

/** Answers a legal document; false when the path is not one (the caller goes on). */
export function serveLegalPage(res: ServerResponse, pathname: string): boolean {
  const doc = documents[pathname];
  if (!doc) return false;
  sendHtml(res, 200, page(doc.title, `<main><h1>${escapeHtml(doc.title)}</h1>${doc.body}</main>`));
  return true;
}
