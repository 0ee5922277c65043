import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { useProgressiveEditing } from '../../../src/features/budgets/useProgressiveEditing';

const ROW_HEIGHT = 40;
const LINES = 300;

/** A table of LINES rows whose editable flags are shown as data attributes. */
function Grid({ editing }: { editing: boolean }) {
  const body = useRef<HTMLTableSectionElement>(null);
  const editable = useProgressiveEditing(editing, LINES, body);
  return (
    <table>
      <tbody ref={body}>
        {Array.from({ length: LINES }, (_, index) => (
          <tr key={index} data-editable={String(editable(index))}>
            <td>{index}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const editableRows = (container: HTMLElement) => container.querySelectorAll('tr[data-editable="true"]').length;

/** Runs the steps one task at a time: each step's timer is set only once React has committed the one before. */
function runSteps(count: number) {
  for (let step = 0; step < count; step += 1) act(() => jest.advanceTimersByTime(0));
}

describe('useProgressiveEditing', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // jsdom lays nothing out: rows are stacked ROW_HEIGHT apart, the page scrolled to row 100.
    jest.spyOn(HTMLTableRowElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLTableRowElement) {
      const top = (this.sectionRowIndex - 100) * ROW_HEIGHT;
      return { top, bottom: top + ROW_HEIGHT, left: 0, right: 0, width: 0, height: ROW_HEIGHT, x: 0, y: top, toJSON: () => ({}) };
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('makes the rows in view editable in the first frame, then the rest in later tasks', () => {
    const { container, rerender } = render(<Grid editing={false} />);
    expect(editableRows(container)).toBe(0);

    rerender(<Grid editing />);
    const inView = Math.ceil(window.innerHeight / ROW_HEIGHT);
    expect(container.querySelector('tr:nth-child(101)')).toHaveAttribute('data-editable', 'true');
    expect(container.querySelector('tr:nth-child(1)')).toHaveAttribute('data-editable', 'false');
    expect(editableRows(container)).toBe(inView);

    runSteps(1);
    expect(editableRows(container)).toBeGreaterThan(inView);
    runSteps(5);
    expect(editableRows(container)).toBe(LINES);
  });

  it('leaves edit mode for every row at once', () => {
    const { container, rerender } = render(<Grid editing />);
    runSteps(5);
    expect(editableRows(container)).toBe(LINES);
    rerender(<Grid editing={false} />);
    expect(editableRows(container)).toBe(0);
  });
});
