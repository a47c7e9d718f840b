import { Affix, Notification } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import {
  type HubConnectionSnapshot,
  selectHasBeenConnected,
  selectIsConnected,
  selectTryingToConnect,
} from '../../machines/hub-connection.machine';
import { useHubConnectionActor } from './context';

const messages = defineMessages({
  reconnecting: {
    id: 'realtime.status.reconnecting',
    defaultMessage: 'Reconnecting…',
    description: 'Shown while the live connection to the server is lost and being re-established',
  },
  reconnectingDetail: {
    id: 'realtime.status.reconnectingDetail',
    defaultMessage: 'Your practices and invites will update as soon as we are back.',
    description: 'Detail under "Reconnecting…": lists refresh once the live connection is back',
  },
});

/** Lost after having been connected, and trying to come back (reconnecting, retrying, resting). */
const selectShowsReconnecting = (snapshot: HubConnectionSnapshot): boolean =>
  selectHasBeenConnected(snapshot) && !selectIsConnected(snapshot) && selectTryingToConnect(snapshot);

/**
 * A small status notice for the live connection: 'Reconnecting…' while a connection that was up
 * is being re-established. Nothing otherwise (the first connect is silent).
 */
export function ConnectionStatus() {
  const intl = useIntl();
  const actor = useHubConnectionActor();
  const reconnecting = useSelector(actor, selectShowsReconnecting);
  if (!reconnecting) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }}>
      <Notification
        role="status"
        loading
        withCloseButton={false}
        title={intl.formatMessage(messages.reconnecting)}
      >
        {intl.formatMessage(messages.reconnectingDetail)}
      </Notification>
    </Affix>
  );
}
