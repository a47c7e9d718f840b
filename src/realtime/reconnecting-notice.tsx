import { Affix, Notification } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import classes from './reconnecting-notice.module.css';

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

/** The 'Reconnecting…' notice itself (part of the shell: it must show while the network is gone). */
export function ReconnectingNotice() {
  const intl = useIntl();
  return (
    <Affix position={{ bottom: 16, right: 16 }} className={classes.notice}>
      <Notification
        // Mantine greys a titled notification's text below the contrast minimum (WCAG 1.4.3).
        styles={{ description: { color: 'var(--mantine-color-text)' } }}
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
