/** "1 allocation", "14 allocations": the one way every message counts things. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
