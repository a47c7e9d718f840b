import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type emailVerificationMachine, selectCooldownSeconds } from '#machines/email-verification.machine';
import { useBusyIndicator } from '../../ui/busy-indicator';

/**
 * /auth/unverified-email (spec §2): check your email (including spam/junk), resend the
 * verification email (with a visible cooldown), or say "I've verified my email", which refreshes
 * the token and moves on to `returnTo` (default /) once the email is verified.
 */
export interface EmailVerificationUnverifiedViewProps {
  actor: ActorRefFrom<typeof emailVerificationMachine>;
  /** The way out (decision 044): end the session. */
  onLogout?: () => void;
  /** The way out (decision 044): end the session and sign in or up again with another address. */
  onUseAnotherEmail?: () => void;
}

type EmailVerificationActor = ActorRefFrom<typeof emailVerificationMachine>;
type Snapshot = SnapshotFrom<typeof emailVerificationMachine>;

const selectResending = (s: Snapshot) => s.hasTag('resending');
const selectResent = (s: Snapshot) => s.hasTag('resent');
const selectResendFailed = (s: Snapshot) => s.hasTag('resendFailed');
const selectCoolingDown = (s: Snapshot) => selectCooldownSeconds(s) > 0;
const selectChecking = (s: Snapshot) => s.hasTag('checking') || s.hasTag('busy');
const selectStillUnverified = (s: Snapshot) => s.hasTag('stillUnverified');
const selectCheckFailed = (s: Snapshot) => s.hasTag('checkFailed');

/**
 * The screen for a running email-verification actor (rendered alone by the view path tests). The
 * page itself selects nothing: each part below selects what it shows, so a click re-renders its
 * button only, and an answer the alert it brings (issue 26: the click's frame).
 */
export function EmailVerificationUnverifiedView({
  actor,
  onLogout,
  onUseAnotherEmail,
}: EmailVerificationUnverifiedViewProps) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>
          <FormattedMessage
            id="emailVerification.unverified.title"
            defaultMessage="Please verify your email"
            description="Heading of the unverified-email page"
          />
        </Title>
        <Text>
          <FormattedMessage
            id="emailVerification.unverified.text"
            defaultMessage="We have sent you an email with a link to verify your email address. Please check your email, including your spam or junk folder."
            description="Asks the user to check their email (including spam/junk) for the verification link"
          />
        </Text>
        <StatusAlerts actor={actor} />
        <Group>
          <ResendButton actor={actor} />
          <ConfirmButton actor={actor} />
        </Group>
        <Cooldown actor={actor} />
        {onLogout || onUseAnotherEmail ? (
          <Group gap="sm" data-testid="unverified-way-out">
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="emailVerification.unverified.wrongEmail"
                defaultMessage="Signed up with the wrong email address?"
                description="Unverified-email page: lead-in before the buttons to log out or use another email"
              />
            </Text>
            {onUseAnotherEmail ? (
              <Button variant="subtle" size="compact-sm" onClick={onUseAnotherEmail}>
                <FormattedMessage
                  id="emailVerification.unverified.useAnotherEmail"
                  defaultMessage="Use another email"
                  description="Unverified-email page: log out and sign in or sign up again with another email address"
                />
              </Button>
            ) : null}
            {onLogout ? (
              <Button variant="subtle" size="compact-sm" onClick={onLogout}>
                <FormattedMessage
                  id="emailVerification.unverified.logout"
                  defaultMessage="Logout"
                  description="Unverified-email page: log out"
                />
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Container>
  );
}

/** What the last resend or check came to. */
function StatusAlerts({ actor }: { actor: EmailVerificationActor }) {
  const resent = useSelector(actor, selectResent);
  const resendFailed = useSelector(actor, selectResendFailed);
  const stillUnverified = useSelector(actor, selectStillUnverified);
  const checkFailed = useSelector(actor, selectCheckFailed);
  return (
    <>
      {resent ? (
        <Alert color="green" role="status">
          <FormattedMessage
            id="emailVerification.unverified.resent"
            defaultMessage="We have sent you another verification email."
            description="Success message after resending the verification email"
          />
        </Alert>
      ) : null}
      {resendFailed ? (
        <Alert color="red" role="alert">
          <FormattedMessage
            id="emailVerification.unverified.resendFailed"
            defaultMessage="We couldn't send the verification email. Please try again."
            description="Failure message after resending the verification email failed"
          />
        </Alert>
      ) : null}
      {stillUnverified ? (
        <Alert color="yellow" role="alert">
          <FormattedMessage
            id="emailVerification.unverified.stillUnverified"
            defaultMessage="Your email address is not verified yet. Please open the link in the email we sent you."
            description="Shown when the user says they verified but the token still says unverified"
          />
        </Alert>
      ) : null}
      {checkFailed ? (
        <Alert color="red" role="alert">
          <FormattedMessage
            id="emailVerification.unverified.checkFailed"
            defaultMessage="We couldn't check your verification status. Please try again."
            description="Shown when refreshing the token to check the verification failed"
          />
        </Alert>
      ) : null}
    </>
  );
}

/**
 * Resend: disabled at once while the email is sent and during the cooldown; its spinner only when
 * the call outlasts the pop-in (decision 042), so a quick answer flashes none.
 */
function ResendButton({ actor }: { actor: EmailVerificationActor }) {
  const resending = useSelector(actor, selectResending);
  const coolingDown = useSelector(actor, selectCoolingDown);
  const indicating = useBusyIndicator(actor, selectResending);
  return (
    <Button
      variant="default"
      loading={indicating}
      disabled={resending || coolingDown}
      onClick={() => actor.send({ type: 'email.resend' })}
    >
      <FormattedMessage
        id="emailVerification.unverified.resend"
        defaultMessage="Resend verification Email"
        description="Button: send the verification email again"
      />
    </Button>
  );
}

/** "I've verified my email": its spinner when the check outlasts the pop-in (decision 042). */
function ConfirmButton({ actor }: { actor: EmailVerificationActor }) {
  const indicating = useBusyIndicator(actor, selectChecking);
  return (
    <Button loading={indicating} onClick={() => actor.send({ type: 'email.confirm' })}>
      <FormattedMessage
        id="emailVerification.unverified.confirm"
        defaultMessage="I've verified my email"
        description="Button: the user has clicked the link in the email; check and move on"
      />
    </Button>
  );
}

/** The countdown before the next resend. */
function Cooldown({ actor }: { actor: EmailVerificationActor }) {
  const cooldown = useSelector(actor, selectCooldownSeconds);
  if (cooldown <= 0) return null;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {/* The count as a plain argument, not `#`: `#` formats it with Intl.NumberFormat, whose
          first use costs a long task (about 250 ms of CPU at 4×) when the first count shows. */}
      <FormattedMessage
        id="emailVerification.unverified.cooldown"
        defaultMessage="You can send another email in {seconds, plural, one {{seconds} second} other {{seconds} seconds}}."
        description="Countdown before the verification email can be resent"
        values={{ seconds: cooldown }}
      />
    </Text>
  );
}
