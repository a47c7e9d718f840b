import type { ReactNode } from 'react';

/** One entry of a menu. `to` is an app path; `children` are its sub-items. */
export interface NavItem {
  key: string;
  label: ReactNode;
  to: string;
  children?: readonly NavItem[];
}
