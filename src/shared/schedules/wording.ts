import { LAST_DAY } from './occurrences';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Rule {
  frequency: 'monthly' | 'weekly' | 'yearly';
  every: number;
  day_of_month: number | null;
  start_date: string;
}

const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];

/** "monthly on day 1", "monthly on the last day", "every 2 weeks on Friday", "yearly on Mar 5". */
export function frequencyWords({ frequency, every, day_of_month, start_date }: Rule): string {
  switch (frequency) {
    case 'monthly': {
      const day = day_of_month === LAST_DAY ? 'the last day' : `day ${day_of_month ?? Number(start_date.slice(8, 10))}`;
      return `${every === 1 ? 'monthly' : `every ${every} months`} on ${day}`;
    }
    case 'weekly':
      return `${every === 1 ? 'weekly' : `every ${every} weeks`} on ${weekdayOf(start_date)}`;
    case 'yearly':
      return `${every === 1 ? 'yearly' : `every ${every} years`} on ${MONTHS[Number(start_date.slice(5, 7)) - 1]} ${Number(start_date.slice(8, 10))}`;
  }
}
