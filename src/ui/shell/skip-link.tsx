import { FormattedMessage } from 'react-intl';
import classes from './skip-link.module.css';

/** The id of the main landmark the skip link jumps to. */
export const mainContentId = 'main-content';

/** "Skip to main content": the first focusable element, visible only when focused. */
export function SkipLink() {
  return (
    <a href={`#${mainContentId}`} className={classes.skipLink}>
      <FormattedMessage
        id="shell.skipLink.label"
        defaultMessage="Skip to main content"
        description="Keyboard skip link at the top of every page"
      />
    </a>
  );
}
