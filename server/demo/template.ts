import type { Cents } from '../../src/shared/money';
import type { AllocationClass } from '../../src/shared/schemas/budgets';
import { unprocessable } from '../errors';

/** What a demo household budgets for each month, and how each line is usually paid. */

type Route = 'current' | 'card' | 'mixed' | 'savings' | `sink:${string}`;

export interface AllocationTemplate {
  category: string;
  name: string;
  amount: Cents;
  allocation_class: AllocationClass;
  fixed: boolean;
  /** transactions a month */
  count: number;
  route: Route;
  merchants: string[];
}

const line = (
  category: string,
  name: string,
  amount: Cents,
  allocation_class: AllocationClass,
  fixed: boolean,
  count: number,
  route: Route,
  merchants: string[],
): AllocationTemplate => ({ category, name, amount, allocation_class, fixed, count, route, merchants });

const HOUSING = 'Housing';
const UTILITIES = 'Utilities';
const GROCERIES = 'Groceries & Household';
const TRANSPORT = 'Transport';
const HEALTH = 'Health & Insurance';
const CHILDREN = 'Children';
export const PERSONAL = 'Personal & Entertainment';
const SAVINGS = 'Savings & Investments';
const DEMO_CATEGORIES = [HOUSING, UTILITIES, GROCERIES, TRANSPORT, HEALTH, CHILDREN, PERSONAL, SAVINGS];

export const SINK_ENVELOPES: { name: string; target: Cents }[] = [
  { name: 'Car Maintenance', target: 150000 },
  { name: 'Christmas', target: 120000 },
  { name: 'Holiday', target: 300000 },
  { name: 'Insurance Renewal', target: 90000 },
];

const TEMPLATE: AllocationTemplate[] = [
  line(HOUSING, 'Mortgage', 185000, 'need', true, 1, 'current', ['Harbour Home Loans']),
  line(GROCERIES, 'Groceries', 110000, 'need', false, 40, 'mixed', ['FreshMart', 'Green Grocer', 'Costwise Wholesale', 'Corner Deli', 'Baker Street Bakery']),
  line(TRANSPORT, 'Fuel', 28000, 'need', false, 10, 'card', ['Shell', 'BP', 'Caltex']),
  line(UTILITIES, 'Electricity', 14000, 'need', false, 1, 'current', ['City Power']),
  line(PERSONAL, 'Dining out', 25000, 'want', false, 14, 'card', ['Luigi Trattoria', 'Spice Route', 'The Grill House', 'Sushi Go']),
  line(CHILDREN, 'Childcare', 95000, 'need', true, 1, 'current', ['Little Stars Daycare']),
  line(SAVINGS, 'Emergency fund', 50000, 'savings', true, 1, 'savings', ['Transfer to Rainy Day Savings']),
  line(HEALTH, 'Health insurance', 32000, 'need', true, 1, 'current', ['MedCover']),
  line(UTILITIES, 'Internet', 7999, 'need', true, 1, 'current', ['FibreNet']),
  line(TRANSPORT, 'Car loan', 42000, 'need', true, 1, 'current', ['AutoFinance']),
  line(PERSONAL, 'Coffee', 5000, 'want', false, 30, 'card', ['Bean There', 'Daily Grind', 'Kiosk Coffee']),
  line(SAVINGS, 'Retirement top-up', 40000, 'savings', true, 1, 'savings', ['Transfer to Rainy Day Savings']),
  line(GROCERIES, 'Household supplies', 12000, 'need', false, 8, 'card', ['HomeStore', 'Costwise Wholesale']),
  line(HOUSING, 'Home insurance', 9500, 'need', true, 1, 'current', ['SafeHome Insurance']),
  line(CHILDREN, 'School fees', 30000, 'need', true, 1, 'current', ['Riverside Primary']),
  line(PERSONAL, 'Takeaway', 12000, 'want', false, 10, 'card', ['Pizza Palace', 'Wok Express', 'Burger Barn']),
  line(UTILITIES, 'Water', 6000, 'need', false, 1, 'current', ['Metro Water']),
  line(TRANSPORT, 'Car insurance', 11500, 'need', true, 1, 'current', ['DriveSure']),
  line(SAVINGS, 'Holiday fund', 25000, 'savings', true, 1, 'sink:Holiday', ['Transfer to Sink Fund']),
  line(HEALTH, 'Doctor & dentist', 9000, 'need', false, 2, 'current', ['Family Clinic', 'Bright Smile Dental']),
  line(CHILDREN, 'Kids activities', 12000, 'want', false, 4, 'current', ['Swim School', 'Junior Football Club']),
  line(PERSONAL, 'Clothing', 15000, 'want', false, 3, 'card', ['Urban Threads', 'Denim Co']),
  line(UTILITIES, 'Gas', 5500, 'need', false, 1, 'current', ['City Gas']),
  line(HOUSING, 'Property tax', 21000, 'need', true, 1, 'current', ['City Council']),
  line(GROCERIES, 'Pharmacy', 6000, 'need', false, 3, 'mixed', ['Wellness Pharmacy']),
  line(TRANSPORT, 'Public transport', 6000, 'need', false, 16, 'current', ['Metro Transit']),
  line(SAVINGS, 'Car maintenance fund', 10000, 'savings', true, 1, 'sink:Car Maintenance', ['Transfer to Sink Fund']),
  line(HEALTH, 'Life insurance', 8500, 'need', true, 1, 'current', ['LifeGuard Assurance']),
  line(UTILITIES, 'Mobile phones', 9000, 'need', true, 2, 'current', ['TelcoOne']),
  line(CHILDREN, 'Kids clothing', 8000, 'want', false, 2, 'card', ['Tiny Threads']),
  line(PERSONAL, 'Hobbies', 8000, 'want', false, 3, 'card', ['Craft Corner', 'Guitar World']),
  line(HOUSING, 'Home maintenance', 15000, 'need', false, 3, 'mixed', ['Hardware Depot', 'Handy Plumbing']),
  line(SAVINGS, 'Christmas fund', 10000, 'savings', true, 1, 'sink:Christmas', ['Transfer to Sink Fund']),
  line(HEALTH, 'Gym membership', 7800, 'want', true, 2, 'card', ['FitLife Gym']),
  line(TRANSPORT, 'Parking & tolls', 4000, 'want', false, 8, 'card', ['CityPark', 'Toll Road']),
  line(PERSONAL, 'Books & games', 5000, 'want', false, 3, 'card', ['Page Turners', 'Game Vault']),
  line(CHILDREN, 'Pocket money', 4000, 'want', false, 8, 'current', ['Cash withdrawal']),
  line(UTILITIES, 'Streaming services', 4297, 'want', true, 3, 'card', ['StreamFlix', 'TuneBox', 'KidsTV']),
  line(PERSONAL, 'Haircuts', 6000, 'want', false, 2, 'current', ['Sharp Cuts']),
  line(SAVINGS, 'Insurance renewal fund', 7500, 'savings', true, 1, 'sink:Insurance Renewal', ['Transfer to Sink Fund']),
  line(HOUSING, 'Furniture & decor', 8000, 'want', false, 1, 'card', ['Nordic Living']),
  line(PERSONAL, 'Gifts & celebrations', 10000, 'want', false, 2, 'card', ['Gift Box', 'Party Supplies']),
  line(PERSONAL, 'Work lunches', 9000, 'want', false, 20, 'current', ['Deli Express', 'Salad Bar', 'Noodle House']),
  line(PERSONAL, 'Charity', 5000, 'want', true, 1, 'current', ['Food Bank donation']),
];

export const INCOMES = [
  { name: "Alex's salary", amount: 560000, payer: 'Northwind Traders - salary' },
  { name: "Sam's salary", amount: 470000, payer: 'Riverside Hospital - salary' },
];

export function allocationTemplates(count: number | undefined): AllocationTemplate[] {
  if (count === undefined) return TEMPLATE;
  if (!Number.isInteger(count) || count < 1) throw unprocessable('allocations must be a whole number of at least 1');
  if (count <= TEMPLATE.length) return TEMPLATE.slice(0, count);
  const extras = Array.from({ length: count - TEMPLATE.length }, (_, i) => {
    const category = DEMO_CATEGORIES[i % DEMO_CATEGORIES.length];
    return line(category, `${category} item ${i + 1}`, 1000 + ((i * 737) % 4000), i % 3 === 0 ? 'need' : 'want', i % 4 === 0, 1, 'current', [
      `${category} shop`,
    ]);
  });
  return [...TEMPLATE, ...extras];
}
