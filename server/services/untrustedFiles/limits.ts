/** The budget every untrusted file is read within (config: FILE_READING_SECONDS, FILE_READING_MEMORY_MB). */
export interface FileReadingLimits {
  /** How long one file may take to read, start to end; the reader is stopped then. */
  timeMs: number;
  /** The reader's JavaScript heap. */
  memoryMb: number;
  /** Files read at the same time by this process (one more per household is never allowed). */
  atOnce: number;
}

export const DEFAULT_FILE_READING: FileReadingLimits = { timeMs: 60_000, memoryMb: 512, atOnce: 2 };

/** "256 MB", "1.5 MB": sizes in the words every limit message uses. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

export const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
