/**
 * A row entered by hand (or moved between envelopes, or carried forward) gets a generated bank reference so the
 * (account, reference) pair stays unique; it means nothing to a person, so screens leave it out (issue 32).
 */
export const GENERATED_BANK_REF_PREFIX = 'MAN-';

const GENERATED = /^MAN-[0-9a-f]{16}$/;

const isGeneratedBankRef = (ref: string): boolean => GENERATED.test(ref);

/** The reference as a person should see it: blank when generated. */
export const shownBankRef = (ref: string): string => (isGeneratedBankRef(ref) ? '' : ref);
