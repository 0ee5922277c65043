import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveChangeNotice } from '../../../src/components/LiveChangeNotice';
import { publishLiveChange } from '../../../src/components/liveChanges';
import type { LiveEvent } from '../../../src/shared/liveEvents';

const change = (resources: LiveEvent['resources'], name = 'Ana'): LiveEvent => ({ revision: 9, by: { user_id: 2, name }, tab: null, resources });

describe('LiveChangeNotice', () => {
  it('says who changed what the page is editing, and Reload clears it', async () => {
    const onReload = jest.fn();
    render(<LiveChangeNotice editing resources={['budget:7']} what="this budget" edits="kept" onReload={onReload} />);
    act(() => publishLiveChange(change(['budget:8', 'activity'])));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => publishLiveChange(change(['budget:7', 'reports'])));
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Ana changed this budget');
    expect(notice).toHaveTextContent('your edits stay on top');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing outside edit mode, and forgets a change once editing ends', () => {
    const { rerender } = render(<LiveChangeNotice editing={false} resources={['window:3:7']} what="these transactions" edits="dropped" onReload={jest.fn()} />);
    act(() => publishLiveChange(change(['window:3:7'])));
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<LiveChangeNotice editing resources={['window:3:7']} what="these transactions" edits="dropped" onReload={jest.fn()} />);
    act(() => publishLiveChange(change(['everything'], 'Ben')));
    expect(screen.getByRole('alert')).toHaveTextContent('Ben changed these transactions');
    expect(screen.getByRole('alert')).toHaveTextContent('what you typed here is replaced');
    rerender(<LiveChangeNotice editing={false} resources={['window:3:7']} what="these transactions" edits="dropped" onReload={jest.fn()} />);
    rerender(<LiveChangeNotice editing resources={['window:3:7']} what="these transactions" edits="dropped" onReload={jest.fn()} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
