/** The app's own words, each explained once: the help popovers show `short`, the Glossary page both parts. */
export interface GlossaryTerm {
  term: string;
  short: string;
  more?: string;
}

export const glossary = {
  'zero-based': {
    term: 'Zero-based budget',
    short: 'Every unit of income gets a job: each month you give all of it to allocations until nothing is left unplanned.',
    more: 'What is not allocated shows as "Unallocated" and, for a couple, becomes the discretionary money split between the partners.',
  },
  allocation: {
    term: 'Allocation',
    short: 'A line of the budget that sets money aside for one purpose this month (rent, groceries, the car fund), with what was spent on it and what remains.',
  },
  'sink-fund': {
    term: 'Sink fund',
    short: 'A savings account for costs that come irregularly (car repairs, holidays, gifts), divided into envelopes.',
    more: 'Each month the budget saves into it; when the cost comes, the money is already there. Sink Funds shows each envelope and Unassigned Money, which together make the account balance.',
  },
  envelope: {
    term: 'Envelope',
    short: "A named share of a sink fund account's balance (Holiday, Car repairs): money set aside for that purpose and what has been spent from it.",
    more: 'Transfer Money moves money between envelopes, or between an envelope and Unassigned Money, without moving it out of the account.',
  },
  'unassigned-money': {
    term: 'Unassigned Money',
    short: "The part of a sink fund account's balance that is in no envelope yet. Envelopes + Unassigned Money = the account's balance.",
  },
  discretionary: {
    term: 'Discretionary amount',
    short: 'Income minus every allocation: the money no allocation claims, free for the household to spend as it likes.',
    more: 'For a couple it is split between the two partners, 50/50 or by each partner\'s income (Settings), and each share is shown under the partner\'s name.',
  },
  'fixed-amount': {
    term: 'Fixed amount',
    short: 'An allocation that costs the same every month (rent, a subscription). Ticking "Fixed Amount?" marks it as needing no review when you plan the next months.',
    more: 'An allocation without the tick (groceries, fuel) is an estimate worth looking at again each month.',
  },
  'close-copy-reopen': {
    // Not "Close, Copy and Reopen": the help button's name would then contain the names of the buttons beside it.
    term: 'Month end',
    short: 'Copy starts next month from this one (same incomes and allocations). Close ends a month: balances are settled and unpaid card charges carried forward. Reopen undoes the last close exactly.',
    more: 'Only the last open budget can be closed, only the newest budget copied, and only the last closed budget reopened. Close then reopen changes no figure.',
  },
  'carried-forward': {
    term: 'Carried-forward rows (B/F)',
    short: 'When a month is closed, each credit-card charge not yet paid is copied into the next month as "… (B/F)" (brought forward), dated the first day of the new month, with one balancing row, so no balance moves.',
    more: 'The copies are not new spending: they keep the charge, its allocation and its original date visible until it is paid. Reopening the month removes them again.',
  },
  paid: {
    term: 'Paid?',
    short: 'On a credit card: ticked once a payment to the card has covered the charge. Choosing an allocation never ticks it; after a payment, "Mark charges paid" ticks the charges it covers. The unpaid charges are what you still owe, and closing the month carries them forward.',
    more: 'On other accounts the tick only records that the row has cleared (giving the row an allocation ticks it); it changes no balance.',
  },
  'unpaid-balance': {
    term: 'Unpaid Balance',
    short: "A credit card's charges not yet covered by a payment (Paid? not ticked), less unpaid refunds: what Close will carry into the next month as (B/F) rows.",
  },
  'unpaid-difference': {
    term: 'Unpaid Difference',
    short: "The card's balance (negative: what it owes) plus its Unpaid Balance. 0 when what the card owes is exactly the charges still marked unpaid.",
    more: 'Not 0: a payment or a charge is missing, or a charge a payment covered is still marked unpaid (negative: mark the charges the payment covered as paid), or the other way round.',
  },
  'bank-vs-budget-difference': {
    term: 'Difference (Bank vs Budget)',
    short: "For the primary budget account: its balance minus the money the budget still has to spend (every allocation's remaining). 0 when the account holds exactly what the budget has left.",
    more: 'Positive: more money in the account than the budget accounts for (income not yet budgeted, or last month\'s leftover). Negative: the budget expects money the account does not have (spending from another account, or a transfer not yet entered).',
  },
  'amount-owed': {
    term: 'Amount owed',
    short: 'What a credit card or a loan owes, typed as a positive number. EveryCent stores and shows it as a negative balance, so net worth is the plain sum of all balances; a negative amount typed there is read as the same debt.',
  },
  'needs-wants-savings': {
    term: 'Needs, wants and savings',
    short: 'Each allocation has a class: a need (rent, food), a want (eating out, hobbies) or savings. The Wants Summary shows each as an amount and a share of income.',
    more: 'A common rule of thumb is 50 % needs, 30 % wants and 20 % savings; the Needs vs Wants report shows the shares month by month.',
  },
  'opening-balance': {
    term: 'Opening balance and date',
    short: 'Where an account starts: what the bank said at the end of the opening date. Every transaction after that day moves the balance.',
  },
  reconcile: {
    term: 'Reconcile',
    short: "Checking the app's balance against a bank statement: enter the statement's date and balance, and EveryCent shows the rows since the last statement and records any difference as one adjustment.",
  },
} as const satisfies Record<string, GlossaryTerm>;

export type GlossaryTermId = keyof typeof glossary;

export const glossaryTermIds = Object.keys(glossary) as GlossaryTermId[];
