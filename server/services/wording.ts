/** "1 allocation", "14 allocations": counts inside refusal messages. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
