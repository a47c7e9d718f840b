import { Alert, Anchor, Button, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { type emailVerificationMachine, selectStoredPage } from '#machines/email-verification.machine';

/**
 * /auth/verified-email (spec §2): 'Thank you for verifying your email.' An `email` parameter
 * naming somebody else than the signed-in user logs out locally and reloads; otherwise the
 * verify-email call is sent (authenticated when signed in). A link returns to the stored page.
 * The route owns the actor (src/app/screens/email-verification-verified.tsx).
 */

/** The page while the session settles or the email is verified. */
export function EmailVerificationVerifyingView() {
  const intl = useIntl();
  const label = intl.formatMessage({
    id: 'emailVerification.verified.loading',
    defaultMessage: 'Verifying your email',
    description: 'Heading and accessible label of the spinner while the email is verified',
  });
  return (
    <Center mih="60vh" aria-busy="true">
      <Stack align="center" gap="sm">
        <Loader role="status" aria-label={label} />
        {/* The page's heading while it works (a page without a level-one heading is lost). */}
        <Title order={1} size="h3">
          {label}
        </Title>
      </Stack>
    </Center>
  );
}

/** The screen for a running email-verification actor (rendered alone by the view path tests). */
export function EmailVerificationVerifiedView({
  actor,
}: {
  actor: ActorRefFrom<typeof emailVerificationMachine>;
}) {
  const state = useSelector(actor, (s) =>
    s.matches('verified') ? 'verified' : s.matches('failed') ? 'failed' : 'busy',
  );
  const storedPage = useSelector(actor, selectStoredPage);
  const heading = useRef<HTMLHeadingElement>(null);

  // The outcome replaces the 'Verifying your email' screen (the page is opened from the emailed
  // link, or 'Try again' is gone): keyboard and screen-reader users start on its heading (decision
  // 072), unless they have moved focus somewhere themselves.
  useEffect(() => {
    if (state === 'busy') return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    heading.current?.focus();
  }, [state]);

  if (state === 'busy') return <EmailVerificationVerifyingView />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        {state === 'verified' ? (
          <Title order={1} tabIndex={-1} ref={heading}>
            <FormattedMessage
              id="emailVerification.verified.title"
              defaultMessage="Thank you for verifying your email."
              description="Heading of the verified-email page"
            />
          </Title>
        ) : (
          <>
            <Title order={1} tabIndex={-1} ref={heading}>
              <FormattedMessage
                id="emailVerification.verified.failedTitle"
                defaultMessage="We couldn't verify your email"
                description="Heading when the verify-email call failed"
              />
            </Title>
            <Alert color="red" role="alert">
              <FormattedMessage
                id="emailVerification.verified.failedText"
                defaultMessage="The verification link may have expired or already been used. Please try again, or ask for a new verification email."
                description="Explains that verifying the email failed"
              />
            </Alert>
            <Button onClick={() => actor.send({ type: 'email.retry' })}>
              <FormattedMessage
                id="emailVerification.verified.retry"
                defaultMessage="Try again"
                description="Button: retry verifying the email"
              />
            </Button>
          </>
        )}
        <Anchor
          href={storedPage}
          onClick={(event) => {
            event.preventDefault();
            actor.send({ type: 'email.continue' });
          }}
        >
          <FormattedMessage
            id="emailVerification.verified.continue"
            defaultMessage="Continue"
            description="Link from the verified-email page back to the stored page"
          />
        </Anchor>
      </Stack>
    </Container>
  );
}
