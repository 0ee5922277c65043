import { unprocessable } from '../errors';

/**
 * The problems of one request, gathered so the person sees every one at once; nothing is written when any
 * exist (`throwIfAny` before the first write). Messages are listed once; fields collect theirs.
 */
export class Refusals {
  private readonly messages: string[] = [];
  private readonly fields: Record<string, string[]> = {};

  add(message: string, field?: string): void {
    if (!this.messages.includes(message)) this.messages.push(message);
    if (field) (this.fields[field] ??= []).push(message);
  }

  get any(): boolean {
    return this.messages.length > 0;
  }

  throwIfAny(): void {
    if (this.messages.length === 0) return;
    throw unprocessable(this.messages, Object.keys(this.fields).length > 0 ? this.fields : undefined);
  }
}
