import type { ReactNode } from 'react';

/** A yes/no question: its own module, so the question (confirm.ts) and the dialog it loads share it without a circle. */
export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
}
