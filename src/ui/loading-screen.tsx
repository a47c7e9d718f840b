import { Anchor, Button, Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { breakpoints } from '#machines/constants';
import {
  loadingMachine,
  selectContentVisible,
  selectLongLoading,
  selectSpinnerVisible,
} from '#machines/loading.machine';
import { useFlowActor } from './flow-actor';

/**
 * Loading screen (spec §2): nothing until the pop-in delay (or the children, with
 * `keepContentVisible`), then a spinner with the optional heading that stays at least its minimum
 * time; after 15 s the 'Sorry!' message with a Contact us link and a Logout button is added.
 * When `loading` turns false the children show (not before the spinner's minimum time is over).
 *
 * All timing lives in machines/loading.machine.ts; this view only forwards the `loading` prop as
 * `loading.done` / `loading.start` and renders from the machine's tags.
 */
export interface LoadingScreenProps {
  loading: boolean;
  heading?: ReactNode;
  /**
   * 1 when the loading screen is the whole page (its heading is the page's; without a heading, a
   * visually hidden one with the spinner's name), else 2.
   */
  headingOrder?: 1 | 2;
  /** Accessible name of the spinner (default 'Loading'). */
  spinnerLabel?: string;
  /** Keep the children visible until the pop-in delay instead of hiding them at once. */
  keepContentVisible?: boolean;
  /** Support page the 'Contact us' link opens. */
  supportUrl: string;
  onLogout: () => void;
  children?: ReactNode;
}

export function LoadingScreen({ loading, keepContentVisible = false, ...view }: LoadingScreenProps) {
  const actorRef = useFlowActor(
    () => loadingMachine,
    () => ({ keepContentVisible, loaded: !loading }),
  );

  useEffect(() => {
    actorRef.send({ type: loading ? 'loading.start' : 'loading.done' });
  }, [loading, actorRef]);

  return <LoadingView actor={actorRef} {...view} />;
}

export type LoadingViewProps = Omit<LoadingScreenProps, 'loading' | 'keepContentVisible'> & {
  actor: ActorRefFrom<typeof loadingMachine>;
};

/** The loading screen of one loading actor (LoadingScreen runs the actor; the atlas gives its own). */
export function LoadingView({
  actor: actorRef,
  heading,
  headingOrder = 2,
  spinnerLabel,
  supportUrl,
  onLogout,
  children,
}: LoadingViewProps) {
  const contentVisible = useSelector(actorRef, selectContentVisible);
  const spinnerVisible = useSelector(actorRef, selectSpinnerVisible);
  const longLoading = useSelector(actorRef, selectLongLoading);

  // A whole page without a visible heading still has a level-one heading for screen readers;
  // before the pop-in nothing is visible, so that is the page's own heading, hidden.
  const hiddenHeading = headingOrder === 1 && !heading ? <HiddenHeading label={spinnerLabel} /> : null;
  if (contentVisible) return <>{children}</>;
  if (!spinnerVisible) {
    return (
      <div data-testid="loading-pending">
        {headingOrder === 1 && heading ? <HiddenHeading label={heading} /> : hiddenHeading}
      </div>
    );
  }
  return (
    <Center mih="50vh" p="md" data-testid="loading-screen">
      <Stack align="center" gap="md" maw={480} ta="center">
        {hiddenHeading}
        <SpinnerStatus label={spinnerLabel} />
        {heading ? (
          <Title order={headingOrder} size="h2">
            {heading}
          </Title>
        ) : null}
        {longLoading ? (
          <LongLoadingMessage
            supportUrl={supportUrl}
            onLogout={onLogout}
            titleOrder={headingOrder === 1 ? 2 : 3}
          />
        ) : null}
      </Stack>
    </Center>
  );
}

function HiddenHeading({ label }: { label: ReactNode }) {
  const intl = useIntl();
  return (
    // Marked: the first-paint handoff waits for a screen the user can see, not for this.
    <VisuallyHidden component="h1" data-loading-heading="">
      {label ??
        intl.formatMessage({
          id: 'loading.spinner.label',
          defaultMessage: 'Loading',
          description: 'Accessible name of the loading spinner',
        })}
    </VisuallyHidden>
  );
}

function SpinnerStatus({ label }: { label: string | undefined }) {
  const intl = useIntl();
  return (
    <Loader
      role="status"
      data-testid="loading-spinner"
      aria-label={
        label ??
        intl.formatMessage({
          id: 'loading.spinner.label',
          defaultMessage: 'Loading',
          description: 'Accessible name of the loading spinner',
        })
      }
    />
  );
}

function LongLoadingMessage({
  supportUrl,
  onLogout,
  titleOrder,
}: {
  supportUrl: string;
  onLogout: () => void;
  /** One below the loading screen's own heading level. */
  titleOrder: 2 | 3;
}) {
  // Spec §9: the mobile check is max-width md (768 px).
  const isMobile = useMediaQuery(`(max-width: ${breakpoints.md}px)`);
  const contactLink = (chunks: ReactNode) => (
    // Underlined: inside a sentence, a link must not be told apart by its colour alone.
    <Anchor href={supportUrl} data-testid="loading-contact-us" underline="always">
      {chunks}
    </Anchor>
  );
  return (
    <Stack align="center" gap="xs" data-testid="loading-long">
      <Title order={titleOrder} size="h3">
        <FormattedMessage
          id="loading.longLoading.title"
          defaultMessage="Sorry!"
          description="Title added to the loading screen after 15 seconds"
        />
      </Title>
      <Text fw={500}>
        <FormattedMessage
          id="loading.longLoading.subtitle"
          defaultMessage="Looks like it's taking us a while..."
          description="Subtitle added to the loading screen after 15 seconds"
        />
      </Text>
      <Text c="dimmed">
        {isMobile ? (
          <FormattedMessage
            id="loading.longLoading.mobileText"
            defaultMessage="Please try again. If problems continue, <link>contact us</link>."
            description="Long loading advice on mobile (max-width md); <link> opens the support page"
            values={{ link: contactLink }}
          />
        ) : (
          <FormattedMessage
            id="loading.longLoading.desktopText"
            defaultMessage="Please try refreshing the page. If problems continue, <link>contact us</link>."
            description="Long loading advice on desktop; <link> opens the support page"
            values={{ link: contactLink }}
          />
        )}
      </Text>
      <Button variant="default" onClick={onLogout} data-testid="loading-logout">
        <FormattedMessage
          id="loading.longLoading.logout"
          defaultMessage="Logout"
          description="Button on the long loading message that signs the user out"
        />
      </Button>
    </Stack>
  );
}
