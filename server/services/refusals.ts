import { unprocessable } from '../errors';
import { counted } from '../../src/shared/wording';

/** More problems than a person can act on: the rest are counted, not listed (a refusal stays small). */
const MAX_LISTED_PROBLEMS = 100;

/**
 * The problems of one request, gathered so the person sees every one at once; nothing is written when any
 * exist (`throwIfAny` before the first write). Messages are listed once; fields collect theirs.
 */
export class Refusals {
  private readonly messages = new Set<string>();
  private readonly fields: Record<string, string[]> = {};
  private unlisted = 0;

  add(message: string, field?: string): void {
    if (this.messages.has(message)) {
      if (field) (this.fields[field] ??= []).push(message);
      return;
    }
    if (this.messages.size >= MAX_LISTED_PROBLEMS) {
      this.unlisted++;
      return;
    }
    this.messages.add(message);
    if (field) (this.fields[field] ??= []).push(message);
  }

  get any(): boolean {
    return this.messages.size > 0;
  }

  throwIfAny(): void {
    if (this.messages.size === 0) return;
    const messages = [...this.messages];
    if (this.unlisted > 0) messages.push(`…and ${counted(this.unlisted, 'more problem')}`);
    throw unprocessable(messages, Object.keys(this.fields).length > 0 ? this.fields : undefined);
  }
}
