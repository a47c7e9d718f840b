import { Anchor, VisuallyHidden } from '@mantine/core';
import { useContext } from 'react';
import { FormattedMessage } from 'react-intl';
import { safeExternalUrl } from '../../ui/errors/error-screen';
import { RuntimeConfigContext } from '../../ui/runtime-config';

/**
 * The document a form's agreement box refers to (Terms & Conditions, privacy policy), opened in a
 * new tab so the form keeps what was typed. The address comes from the runtime configuration
 * (`termsUrl` / `privacyUrl`); without one (or with a non-http one) nothing is shown
 * (docs/decisions/006-product-name-and-titles.md).
 */
export function AgreementLink({ document }: { document: 'terms' | 'privacy' }) {
  const config = useContext(RuntimeConfigContext);
  const href = safeExternalUrl(document === 'terms' ? config?.app.termsUrl : config?.app.privacyUrl);
  if (!href) return null;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" data-testid={`${document}-link`}>
      {document === 'terms' ? (
        <FormattedMessage
          id="forms.agreement.termsLink"
          defaultMessage="Read the Terms & Conditions"
          description="Link under the terms checkbox: opens the Terms & Conditions in a new tab"
        />
      ) : (
        <FormattedMessage
          id="forms.agreement.privacyLink"
          defaultMessage="Read the privacy policy"
          description="Link under the privacy checkbox: opens the privacy policy in a new tab"
        />
      )}
      <VisuallyHidden>
        <FormattedMessage
          id="forms.agreement.newTab"
          defaultMessage=" (opens in a new tab)"
          description="Read by screen readers after a link that opens in a new tab"
        />
      </VisuallyHidden>
    </Anchor>
  );
}

/** The agreement link that belongs under a form field, if any (by field name). */
export function agreementLinkFor(fieldName: string) {
  if (fieldName === 'privacy') return <AgreementLink document="privacy" />;
  if (fieldName === 'terms') return <AgreementLink document="terms" />;
  return null;
}
