import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * The error screens of spec §2 (not found, no access, generic failure) and /redirected. Pure
 * presentation: the configured addresses arrive as props (the route pages in src/views/errors read
 * them from the app config; the bootstrap failure in src/app/app.tsx has no config yet).
 *
 * When no marketing site is configured the visit-us link is left out rather than pointing
 * nowhere; when no support address is configured the contact sentence drops the address
 * (docs/decisions/006-product-name-and-titles.md).
 */
export interface ErrorScreenLinks {
  /** App config `marketingSiteUrl`: target of the visit-us link. */
  marketingSiteUrl?: string | null;
}

export interface ErrorScreenProps extends ErrorScreenLinks {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Extra content under the subtitle (a contact prompt). */
  children?: ReactNode;
  /** Buttons (a retry, say), shown above the visit-us link. */
  actions?: ReactNode;
  /** Identifies the screen for tests and analytics (`data-screen`). */
  screen: string;
}

/** Only http(s) addresses become links; anything else is treated as not configured. */
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A plausible email address, or null (so a bad config never produces a broken mailto link). */
export function safeEmail(email: string | null | undefined): string | null {
  const value = email?.trim();
  return value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value : null;
}

export function VisitUsLink({ marketingSiteUrl }: ErrorScreenLinks) {
  const href = safeExternalUrl(marketingSiteUrl);
  if (!href) return null;
  return (
    <Anchor href={href} data-testid="visit-us">
      <FormattedMessage
        id="errors.visitUs.link"
        defaultMessage="Visit us"
        description="Link on every error screen to the product's marketing site"
      />
    </Anchor>
  );
}

function SupportEmailLink({ email }: { email: string }) {
  return (
    <Anchor href={`mailto:${email}`} data-testid="support-email">
      {email}
    </Anchor>
  );
}

export function ErrorScreen({
  title,
  subtitle,
  children,
  actions,
  marketingSiteUrl,
  screen,
}: ErrorScreenProps) {
  return (
    <Container size="sm" py="xl" data-screen={screen}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        {subtitle ? (
          <Text size="lg" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
        {children}
        {actions}
        <VisitUsLink marketingSiteUrl={marketingSiteUrl} />
      </Stack>
    </Container>
  );
}

/** Not found (spec §2). */
export function NotFoundScreen({ marketingSiteUrl }: ErrorScreenLinks) {
  return (
    <ErrorScreen
      screen="not-found"
      marketingSiteUrl={marketingSiteUrl}
      title={
        <FormattedMessage
          id="errors.notFound.title"
          defaultMessage="Sorry, we couldn't find what you're looking for."
          description="Not-found screen heading"
        />
      }
      subtitle={
        <FormattedMessage
          id="errors.notFound.subtitle"
          defaultMessage="The link you are using may have expired."
          description="Not-found screen subheading"
        />
      }
    />
  );
}

export interface SupportContact extends ErrorScreenLinks {
  /** App config `supportEmail`. */
  supportEmail?: string | null;
  /** App config `supportUrl` (the support page), used when there is no support email. */
  supportUrl?: string | null;
}

/** No access (spec §2): heading plus a contact-support prompt. */
export function NoAccessScreen({ marketingSiteUrl, supportEmail, supportUrl }: SupportContact) {
  const email = safeEmail(supportEmail);
  const url = safeExternalUrl(supportUrl);
  let prompt: ReactNode;
  if (email) {
    prompt = (
      <FormattedMessage
        id="errors.noAccess.contactEmail"
        defaultMessage="If you think you should have access, please contact support at {email}."
        description="No-access screen: contact-support prompt; {email} is the support address as a mailto link"
        values={{ email: <SupportEmailLink email={email} /> }}
      />
    );
  } else if (url) {
    prompt = (
      <FormattedMessage
        id="errors.noAccess.contactPage"
        defaultMessage="If you think you should have access, please <link>contact support</link>."
        description="No-access screen: contact-support prompt linking to the support page"
        values={{
          link: (chunks: ReactNode) => (
            <Anchor href={url} data-testid="support-page">
              {chunks}
            </Anchor>
          ),
        }}
      />
    );
  } else {
    prompt = (
      <FormattedMessage
        id="errors.noAccess.contact"
        defaultMessage="If you think you should have access, please contact support."
        description="No-access screen: contact-support prompt when no support address is configured"
      />
    );
  }
  return (
    <ErrorScreen
      screen="no-access"
      marketingSiteUrl={marketingSiteUrl}
      title={
        <FormattedMessage
          id="errors.noAccess.title"
          defaultMessage="Sorry you don't have access to this resource."
          description="No-access screen heading"
        />
      }
    >
      <Text data-testid="support-prompt">{prompt}</Text>
    </ErrorScreen>
  );
}

/** Generic failure (spec §2, /server-error and the bootstrap failure). */
export function GenericFailureScreen({
  marketingSiteUrl,
  supportEmail,
  actions,
}: SupportContact & { actions?: ReactNode }) {
  const email = safeEmail(supportEmail);
  return (
    <ErrorScreen
      screen="server-error"
      marketingSiteUrl={marketingSiteUrl}
      actions={actions}
      title={
        <FormattedMessage
          id="errors.generic.title"
          defaultMessage="Oops! Something's not working."
          description="Generic failure heading"
        />
      }
    >
      <Text data-testid="support-prompt">
        {email ? (
          <FormattedMessage
            id="errors.generic.contact"
            defaultMessage="Please try again later, or contact support at {email}"
            description="Generic failure: what to do; {email} is the support address as a mailto link"
            values={{ email: <SupportEmailLink email={email} /> }}
          />
        ) : (
          <FormattedMessage
            id="errors.generic.tryLater"
            defaultMessage="Please try again later."
            description="Generic failure: what to do, when no support address is configured (or known yet)"
          />
        )}
      </Text>
    </ErrorScreen>
  );
}

/** /redirected (spec §2). */
export function RedirectedScreen({ marketingSiteUrl }: ErrorScreenLinks) {
  return (
    <ErrorScreen
      screen="redirected"
      marketingSiteUrl={marketingSiteUrl}
      title={
        <FormattedMessage
          id="errors.redirected.title"
          defaultMessage="You have been redirected. You may safely close this page."
          description="Shown on /redirected after the browser was sent to another environment"
        />
      }
    />
  );
}
