import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { connectDatabase } from '../../../server/db/connect';
import { seedDemoHousehold, type DemoHousehold, type DemoOptions } from '../../../server/demo/seed';
import { addUser } from '../../../server/services/households';
import { E2E_DATABASE_FILE } from './env';

export interface E2eUser {
  email: string;
  password: string;
  householdName: string;
  householdId: number;
}

/** A new household with one user, written straight into the e2e server's database (as the CLI does). */
export async function createHousehold(name = `E2E ${randomBytes(3).toString('hex')}`): Promise<E2eUser> {
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const email = `${randomBytes(5).toString('hex')}@example.com`;
    const password = 'e2e password 123';
    const { householdId } = await addUser(database.db, { householdName: name, email, password, name: 'E2E Admin' });
    return { email, password, householdName: name, householdId };
  } finally {
    await database.destroy();
  }
}

/** The CLI's demo household (history, the current budget, future ones, sink funds, an event), smaller where asked. */
export async function createDemoHousehold(options: Partial<Omit<DemoOptions, 'email' | 'password'>> = {}): Promise<{ user: E2eUser; demo: DemoHousehold }> {
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const email = `${randomBytes(5).toString('hex')}@example.com`;
    const password = 'demo password 123';
    const householdName = options.householdName ?? `Demo ${randomBytes(3).toString('hex')}`;
    const demo = await seedDemoHousehold(database.db, { ...options, householdName, email, password });
    return { user: { email, password, householdName, householdId: demo.householdId }, demo };
  } finally {
    await database.destroy();
  }
}

/** Signs in through the login card, as a person does. */
export async function signIn(page: Page, user: E2eUser): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/#\/$/);
}

/** Signs in on the login card the light Quick Add page sent an expired session to, and is back on that page. */
export async function signInBackToQuickAdd(page: Page, user: E2eUser): Promise<void> {
  await page.waitForURL(/#\/login\?back=quick-add$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/quick-add$/);
}
