// mt940js ships no types; these are the parts the MT940 reader uses (see its README).
declare module 'mt940js' {
  interface Mt940Transaction {
    date: Date;
    amount: number;
    reversal: boolean;
    details: string;
    reference: string;
    bankReference?: string;
    transactionType: string;
  }
  interface Mt940Statement {
    transactions: Mt940Transaction[];
  }
  export class Parser {
    parse(text: string): Mt940Statement[];
  }
}
