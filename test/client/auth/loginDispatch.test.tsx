import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import configureMockStore from 'redux-mock-store';
import { thunk } from 'redux-thunk';
import type { UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../src/platform/api';
import { setupStore } from '../../../src/app/store';
import { LoginPage } from '../../../src/features/auth/LoginPage';
import { mockFetch } from '../../support/fetchMock';

interface ApiAction extends UnknownAction {
  meta?: { arg?: { endpointName?: string; originalArgs?: unknown } };
}

describe('login card (isolated)', () => {
  it('clicking "Log In" clears the old message, then starts the sign-in with what was typed', async () => {
    mockFetch({ 'GET /setup/status': { needs_household: false }, 'POST /auth/sign_in': () => new Promise(() => undefined) });
    // redux-mock-store's types predate redux 5's middleware types; the runtime contract is the same.
    const middlewares = [thunk, api.middleware] as unknown as Parameters<typeof configureMockStore>[0];
    const store = configureMockStore<ReturnType<ReturnType<typeof setupStore>['getState']>>(middlewares)(setupStore().getState());
    render(
      <Provider store={store}>
        <LoginPage onSignedIn={() => undefined} />
      </Provider>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    store.clearActions();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect((store.getActions() as ApiAction[]).some((a) => a.type === 'api/executeMutation/pending')).toBe(true));
    // RTK Query's own bookkeeping of subscriptions is not the page's doing.
    const actions = (store.getActions() as ApiAction[]).filter((action) => !action.type.startsWith('api/internalSubscriptions/'));
    expect(actions[0].type).toBe('messages/messageCleared');
    const pending = actions.find((a) => a.type === 'api/executeMutation/pending');
    expect(pending?.meta?.arg).toMatchObject({ endpointName: 'signIn', originalArgs: { email: 'ann@example.com', password: 'secret' } });
  });
});
