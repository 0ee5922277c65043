import { loginReturningTo, returnAfterSignIn } from '../../../src/platform/signInReturn';

describe('coming back to a page outside the app after signing in', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('returns to the light quick-add page that sent the person to the login page', () => {
    expect(loginReturningTo('quick-add')).toBe('/#/login?back=quick-add');
    window.history.replaceState(null, '', '/#/login?back=quick-add');
    expect(returnAfterSignIn()).toBe('/quick-add');
  });

  it('goes nowhere else: no return asked, or an address that is not one of those pages', () => {
    for (const address of ['/#/login', '/#/login?back=https://example.com', '/#/login?back=%2F%2Fexample.com', '/#/login?back=toString', '/?back=quick-add#/login']) {
      window.history.replaceState(null, '', address);
      expect(returnAfterSignIn()).toBeNull();
    }
  });
});
