import { Alert, Anchor, Button, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/**
 * What a page says when the app's own code could not be loaded (decision 195): static markup,
 * hidden until the shell guard (src/boot/shell-guard.ts) finds the boot failed, and shown there
 * because no code of the app runs to show anything else. Written into every prerendered page and
 * the SPA fallback, outside the shell (a page whose shell is hidden for a possible session shows it
 * too). Its styles are the whole stylesheet's, not the page's inlined ones (no bytes of every page).
 * While the page retries by itself, `[data-boot-retrying]` says so; after a reload that did
 * not help, `[data-boot-stuck]` asks for Try again instead. Try again (`[data-boot-retry]`) asks the
 * origin and loads the page afresh once it answers. Its support link has its address
 * (`data-href`) only while it shows.
 */
export function BootFailedNotice({ supportUrl }: { supportUrl: string }) {
  return (
    <div id="boot-failed" hidden>
      <Alert
        color="red"
        role="alert"
        m="md"
        title={
          <FormattedMessage
            id="boot.failed.title"
            defaultMessage="This page could not finish loading"
            description="Shown when the app's own code or stylesheet could not be loaded"
          />
        }
      >
        <Text data-boot-retrying="">
          <FormattedMessage
            id="boot.failed.retrying"
            defaultMessage="Check your internet connection. The page keeps trying and loads by itself as soon as it can; anything you typed is kept."
            description="The app's code could not be loaded; the page retries by itself"
          />
        </Text>
        <Text data-boot-stuck="" hidden>
          <FormattedMessage
            id="boot.failed.stuck"
            defaultMessage="It still could not load. Try again in a moment. If problems continue, <link>contact us</link>."
            description="The app's code still failed after the page loaded itself afresh; <link> opens the support page"
            values={{
              link: (chunks) => (
                // Its address only once the notice shows (the shell guard sets it): a link, even a
                // hidden one, before the page's skip link would make that no longer the page's first
                // link, and no longer a skip link to assistive technology's checks (axe `region`).
                <Anchor data-href={supportUrl} underline="always">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        </Text>
        <Button color="red" mt="sm" data-boot-retry="">
          <FormattedMessage
            id="errors.actions.retry"
            defaultMessage="Try again"
            description="A failure screen: try what failed again (the page, the app, the sign-in)"
          />
        </Button>
      </Alert>
    </div>
  );
}
