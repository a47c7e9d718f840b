import { Alert } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { ConnectionGate } from './connection-gate';

const messages = defineMessages({
  paused: {
    id: 'realtime.liveUpdates.paused',
    defaultMessage: 'Live updates are paused. These lists may be out of date until the connection is back.',
    description:
      'Shown above lists kept live by the real-time connection (practices, invites) while that connection is down',
  },
});

/**
 * For a screen that shows live data (spec §4's connection gate): once the live connection has
 * been up, says so while it is down, so the user knows the lists may be stale. Nothing before the
 * first connection (the lists come from the API then, and a page load would flash it), nothing
 * while connected. Shipped with the screen that uses it; no network needed to show it.
 */
export function LiveUpdatesNotice() {
  const intl = useIntl();
  return (
    <ConnectionGate mode="once" fallback={null}>
      <ConnectionGate
        fallback={
          <Alert color="yellow" role="status" data-testid="live-updates-paused">
            {intl.formatMessage(messages.paused)}
          </Alert>
        }
      >
        {null}
      </ConnectionGate>
    </ConnectionGate>
  );
}
