import { useContext } from 'react';
import { LoadingScreen } from '../../ui/loading-screen';
import { RuntimeConfigContext } from '../../ui/runtime-config';
import { useLogout } from '../../ui/session-context';

/**
 * The loading screen (spec §2) for a screen whose machine is busy: pop-in delay, spinner with the
 * heading, and after 15 s the 'Sorry!' message with Contact us (the configured support page) and
 * a Logout button (the session's `session.logout`). `page`: the busy screen is the whole page, so
 * its heading is the level-one heading (otherwise it sits under the page's own).
 */
export function BusyView({ heading, page = false }: { heading: string; page?: boolean }) {
  const config = useContext(RuntimeConfigContext);
  const logout = useLogout();
  return (
    <div data-testid="busy-screen" aria-busy="true">
      <LoadingScreen
        loading
        heading={heading}
        headingOrder={page ? 1 : 2}
        supportUrl={config?.app.supportUrl ?? '/'}
        onLogout={logout}
      />
    </div>
  );
}
