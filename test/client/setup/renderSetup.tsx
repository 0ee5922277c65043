import SetupArea from '../../../src/features/setup/SetupArea';
import { recordMessages } from '../../support/messages';
import { renderWithProviders, signedInState } from '../../support/render';

// Generous: antd's first render of a dialog is slow in jsdom, more so on a busy machine.
jest.setTimeout(90_000);

/** Opens a setup page inside the setup area, as the router mounts it, with every message it shows. */
export function renderSetupPage(url: string) {
  const rendered = renderWithProviders(<SetupArea />, { path: '/setup/*', url, preloadedState: signedInState() });
  return { ...rendered, messages: recordMessages(rendered.store) };
}
