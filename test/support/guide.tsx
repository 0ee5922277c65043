import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AppStore } from '../../src/app/store';
import { useGuideDone } from '../../src/features/guide/useGuideProgress';

function GuideAnswers() {
  const { ready } = useGuideDone({ askAfresh: false });
  return ready ? <output>The guided start's answers are in</output> : null;
}

/**
 * Waits until every answer the guided start's next-step note reads has arrived in `store` (asking for them as the
 * note would): a note still absent then is not merely late.
 */
export async function waitForGuideAnswers(store: AppStore): Promise<void> {
  render(
    <Provider store={store}>
      <GuideAnswers />
    </Provider>,
  );
  await screen.findByText("The guided start's answers are in");
}
