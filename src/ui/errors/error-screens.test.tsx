// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import {
  GenericFailureScreen,
  NoAccessScreen,
  NotFoundScreen,
  RedirectedScreen,
  safeEmail,
  safeExternalUrl,
} from './error-screen';

const site = 'https://marketing.example.test/';

function heading() {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

function visitUs() {
  return screen.queryByRole('link', { name: 'Visit us' });
}

describe('error screens: exact texts (spec §2) and the visit-us link', () => {
  it('not found', () => {
    renderWithProviders(<NotFoundScreen marketingSiteUrl={site} />);
    expect(heading()).toBe("Sorry, we couldn't find what you're looking for.");
    expect(screen.getByText('The link you are using may have expired.')).toBeTruthy();
    expect(visitUs()?.getAttribute('href')).toBe(site);
  });

  it('no access, with a support email', () => {
    renderWithProviders(<NoAccessScreen marketingSiteUrl={site} supportEmail="help@example.test" />);
    expect(heading()).toBe("Sorry you don't have access to this resource.");
    expect(screen.getByTestId('support-prompt').textContent).toBe(
      'If you think you should have access, please contact support at help@example.test.',
    );
    expect(screen.getByRole('link', { name: 'help@example.test' }).getAttribute('href')).toBe(
      'mailto:help@example.test',
    );
    expect(visitUs()).toBeTruthy();
  });

  it('no access, with only a support page', () => {
    renderWithProviders(<NoAccessScreen supportUrl="https://help.example.test/contact" />);
    expect(screen.getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe(
      'https://help.example.test/contact',
    );
  });

  it('no access, with nothing configured', () => {
    renderWithProviders(<NoAccessScreen />);
    expect(screen.getByTestId('support-prompt').textContent).toBe(
      'If you think you should have access, please contact support.',
    );
    expect(visitUs()).toBeNull();
  });

  it('generic failure names the support address as a mailto link', () => {
    renderWithProviders(<GenericFailureScreen marketingSiteUrl={site} supportEmail="support@example.test" />);
    expect(heading()).toBe("Oops! Something's not working.");
    expect(screen.getByTestId('support-prompt').textContent).toBe(
      'Please try again later, or contact support at support@example.test',
    );
    expect(screen.getByRole('link', { name: 'support@example.test' }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(visitUs()?.getAttribute('href')).toBe(site);
  });

  it('generic failure without configuration (the bootstrap failure) still tells the user what to do', () => {
    renderWithProviders(<GenericFailureScreen actions={<button type="button">Try again</button>} />);
    expect(heading()).toBe("Oops! Something's not working.");
    expect(screen.getByTestId('support-prompt').textContent).toBe('Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(visitUs()).toBeNull();
  });

  it('redirected', () => {
    renderWithProviders(<RedirectedScreen marketingSiteUrl={site} />);
    expect(heading()).toBe('You have been redirected. You may safely close this page.');
    expect(visitUs()).toBeTruthy();
  });

  it('leaves the visit-us link out when the configured address is not http(s)', () => {
    renderWithProviders(<NotFoundScreen marketingSiteUrl="javascript:alert(1)" />);
    expect(visitUs()).toBeNull();
  });
});

describe('config sanitising', () => {
  it('safeExternalUrl accepts http(s) only', () => {
    expect(safeExternalUrl('https://a.example/')).toBe('https://a.example/');
    expect(safeExternalUrl('http://a.example')).toBe('http://a.example/');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl(undefined)).toBeNull();
  });
  it('safeEmail accepts a plausible address only', () => {
    expect(safeEmail(' a@b.co ')).toBe('a@b.co');
    expect(safeEmail('not an email')).toBeNull();
    expect(safeEmail('')).toBeNull();
  });
});
