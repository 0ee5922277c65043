import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { connectDatabase } from '../../../server/db/connect';
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

/** Signs in through the login card, as a person does. */
export async function signIn(page: Page, user: E2eUser): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/#\/$/);
}
