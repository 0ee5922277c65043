import { registerServiceWorker } from '../../../src/platform/serviceWorker';

/** A stand-in for `navigator.serviceWorker`: jsdom has none. */
class FakeContainer extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
  register = jest.fn(() => Promise.resolve({}));
  takeCharge() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function withContainer(controller: object | null) {
  const container = new FakeContainer(controller);
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

const navigate = (hash: string) => {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
};

describe('registering the service worker', () => {
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers the worker of the build at the root, after the page has loaded', () => {
    jest.useFakeTimers();
    const container = withContainer(null);
    registerServiceWorker(jest.fn());
    expect(container.register).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(container.register).toHaveBeenCalledWith('service-worker.js', { scope: './' });
  });

  it('moves to a new build at the next navigation, not while the person is on a screen', () => {
    const container = withContainer({});
    const reload = jest.fn();
    registerServiceWorker(reload);
    container.takeCharge();
    expect(reload).not.toHaveBeenCalled();
    navigate('#/budgets');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes charge of a page that had none', () => {
    const container = withContainer(null);
    const reload = jest.fn();
    registerServiceWorker(reload);
    container.takeCharge();
    navigate('#/activity');
    expect(reload).not.toHaveBeenCalled();
    container.takeCharge();
    navigate('#/budgets');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
