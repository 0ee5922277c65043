import { configure } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

// jsdom's getComputedStyle walks every CSS rule antd injects, so style-based checks (pointer-events before
// each click, visibility in role queries) cost seconds per call. Suites that import this module query pages
// whose closed dialogs leave the DOM, so their role queries need no visibility filter.
configure({ defaultHidden: true });

/** A person at the keyboard and mouse, without the style checks that make antd tests crawl in jsdom. */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
