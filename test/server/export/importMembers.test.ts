import { addUser } from '../../../server/services/households';
import type { ActivityPage } from '../../../src/shared/schemas/activity';
import type { HouseholdExport, ImportPreview, ImportResult } from '../../../src/shared/schemas/householdData';
import type { AddedMember, Member } from '../../../src/shared/schemas/members';
import { call, DEFAULT_PASSWORD, type SignedInUser, signUpAndIn, testDialects, type TestServer, useTestServer } from '../../support/testServer';

/**
 * Between installs (issue 46): the household's name travels, and the people the export names are offered as
 * invitations, added exactly as Settings › Members adds a person, in the import's one transaction.
 */

jest.setTimeout(60_000);

async function signInWith(server: TestServer, email: string, password: string) {
  const response = await server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } });
  const headers = Object.fromEntries((['access-token', 'client', 'expiry', 'token-type', 'uid'] as const).map((name) => [name, String(response.headers[name])]));
  return { status: response.statusCode, headers };
}

describe.each(testDialects)('an export moved between installs, with its people, on %s', (dialect) => {
  const source = useTestServer(dialect, { signIn: false });
  const target = useTestServer(dialect, { signIn: false });

  /** Kim (owner) and Alex (made an owner) each write something; Sam, a member, too. Exported by Kim. */
  async function kimsHousehold() {
    const kim = await signUpAndIn(source.server, `Kim & Alex ${Math.random().toString(36).slice(2, 7)}`);
    const rename = (who: SignedInUser, name: string) => source.server.db.updateTable('users').set({ name }).where('id', '=', who.userId).execute();
    await rename(kim, 'Kim');
    const alex = await signUpAndIn(source.server, kim.householdName);
    await rename(alex, 'Alex');
    const sam = await signUpAndIn(source.server, kim.householdName);
    await rename(sam, 'Sam');
    await call(source.server, kim, { method: 'PUT', url: `/members/${alex.userId}`, payload: { role: 'owner' } });
    for (const [who, name] of [[kim, 'Rent'], [alex, 'Groceries'], [sam, 'Fun']] as const) {
      expect((await call(source.server, who, { method: 'POST', url: '/allocation_categories', payload: { name } })).status).toBe(201);
    }
    const exported = await call<HouseholdExport>(source.server, kim, { method: 'GET', url: '/household/export' });
    expect(exported.status).toBe(200);
    return { kim, alex, sam, exported: exported.body };
  }

  /** Kim on the new install: the same email, a new household of another name. */
  async function kimMoved(kim: SignedInUser): Promise<SignedInUser> {
    const { userId, householdId } = await addUser(target.server.db, { householdName: `Fresh ${kim.householdName}`, email: kim.headers.uid, password: DEFAULT_PASSWORD, name: 'Kim' });
    const signedIn = await signInWith(target.server, kim.headers.uid, DEFAULT_PASSWORD);
    return { ...kim, headers: signedIn.headers as SignedInUser['headers'], userId, householdId, householdName: `Fresh ${kim.householdName}` };
  }

  const upload = (document: unknown) => ({ payload: JSON.stringify(document), headers: { 'content-type': 'application/json' } });
  const idOf = (exported: HouseholdExport, name: string) => exported.members.find((m) => m.name === name)!.id;

  async function householdState(server: TestServer, user: SignedInUser) {
    const me = await call<{ data: { household_name: string } }>(server, user, { method: 'GET', url: '/auth/validate_token' });
    const members = await call<Member[]>(server, user, { method: 'GET', url: '/members' });
    const categories = await call<Array<{ name: string }>>(server, user, { method: 'GET', url: '/allocation_categories' });
    return { name: me.body.data.household_name, members: members.body.map((m) => [m.name, m.role]), categories: categories.body.map((c) => c.name) };
  }

  it('the preview shows the name and who will be invited; the import names the household, adds the ticked partner as a member who signs in, and says who was not added', async () => {
    const { kim, exported } = await kimsHousehold();
    const moved = await kimMoved(kim);
    const bystander = await signUpAndIn(target.server, 'Bystander');
    const bystanderBefore = await householdState(target.server, bystander);

    const preview = await call<ImportPreview>(target.server, moved, { method: 'POST', url: '/household/import/preview', ...upload(exported) });
    expect(preview.status).toBe(200);
    expect(preview.body.household).toEqual({ name: kim.householdName, current_name: moved.householdName });
    expect(preview.body.counts.allocation_categories).toBe(3);
    expect(preview.body.members.map(({ name, role_in_file, here }) => ({ name, role_in_file, here }))).toEqual([
      { name: 'Kim', role_in_file: 'owner', here: true },
      { name: 'Alex', role_in_file: 'owner', here: false },
      { name: 'Sam', role_in_file: 'member', here: false },
    ]);
    // The preview wrote nothing.
    expect(await householdState(target.server, moved)).toEqual({ name: moved.householdName, members: [['Kim', 'owner']], categories: [] });

    const imported = await call<ImportResult>(target.server, moved, { method: 'POST', url: `/household/import?invite=${idOf(exported, 'Alex')}`, ...upload(exported) });
    expect(imported.status).toBe(200);
    expect(imported.body.household_name).toBe(kim.householdName);
    expect(imported.body.invited).toEqual([{ name: 'Alex', email: exported.members[1].email, role_in_file: 'owner', temporary_password: expect.any(String) }]);
    expect(imported.body.not_added).toEqual([{ name: 'Sam', email: exported.members[2].email }]);

    // Added as Settings › Members adds a person: a member (an owner there; the owner here promotes them), on a temporary password.
    expect(await householdState(target.server, moved)).toEqual({ name: kim.householdName, members: [['Kim', 'owner'], ['Alex', 'member']], categories: ['Fun', 'Groceries', 'Rent'] });
    const members = await call<Member[]>(target.server, moved, { method: 'GET', url: '/members' });
    expect(members.body.find((m) => m.name === 'Alex')!.must_change_password).toBe(true);
    const alexHere = await signInWith(target.server, exported.members[1].email, imported.body.invited[0].temporary_password);
    expect(alexHere.status).toBe(200);
    const alexUser = { ...moved, headers: alexHere.headers as SignedInUser['headers'] };
    expect((await call<{ data: { household_name: string } }>(target.server, alexUser, { method: 'GET', url: '/auth/validate_token' })).body.data.household_name).toBe(kim.householdName);

    // History reads with each person's name; Alex's entries are linked to Alex here, Sam's (not added) to no one.
    const activity = await call<ActivityPage>(target.server, moved, { method: 'GET', url: '/activity' });
    const entry = (category: string) => activity.body.entries.find((e) => e.summary.includes(category))!;
    const alexId = members.body.find((m) => m.name === 'Alex')!.id;
    expect([entry('Groceries').text, entry('Groceries').user_id]).toEqual([expect.stringMatching(/^Alex /), alexId]);
    expect([entry('Fun').text, entry('Fun').user_id]).toEqual([expect.stringMatching(/^Sam /), null]);
    expect([entry('Rent').text, entry('Rent').user_id]).toEqual([expect.stringMatching(/^Kim /), moved.userId]);

    // Another household of the install: untouched.
    expect(await householdState(target.server, bystander)).toEqual(bystanderBefore);
  });

  it('without invitations nobody is added, and the file’s people are all said to be not added', async () => {
    const { kim, exported } = await kimsHousehold();
    const moved = await kimMoved(kim);
    const imported = await call<ImportResult>(target.server, moved, { method: 'POST', url: '/household/import', ...upload(exported) });
    expect(imported.status).toBe(200);
    expect(imported.body.invited).toEqual([]);
    expect(imported.body.not_added.map((p) => p.name)).toEqual(['Alex', 'Sam']);
    expect((await householdState(target.server, moved)).members).toEqual([['Kim', 'owner']]);
  });

  it('bad invitations, a household with data, and a member asking are refused, changing nothing', async () => {
    const { kim, exported } = await kimsHousehold();
    const moved = await kimMoved(kim);
    const before = await householdState(target.server, moved);
    const importWith = (query: string, document: unknown = exported) => call<{ errors: string[] }>(target.server, moved, { method: 'POST', url: `/household/import${query}`, ...upload(document) });

    const missing = await importWith('?invite=999999');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual(['The file names no person 999999 to invite; nothing was imported.']);
    const notEmail = { ...exported, members: exported.members.map((m) => (m.name === 'Alex' ? { ...m, email: 'alex at home' } : m)) };
    const refused = await importWith(`?invite=${idOf(exported, 'Alex')}`, notEmail);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatch(/^Alex cannot be invited \(.*Email is not valid.*\); nothing was imported\.$/);
    // Two people of one email: the second is refused as Settings › Members refuses it, after the first was written — all rolled back.
    const twice = { ...exported, members: exported.members.map((m) => (m.name === 'Sam' ? { ...m, email: exported.members[1].email.toUpperCase() } : m)) };
    const dup = await importWith(`?invite=${idOf(exported, 'Alex')},${idOf(exported, 'Sam')}`, twice);
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual(['This email is already a member of this household']);
    const junk = await importWith('?invite=abc');
    expect([junk.status, junk.body.errors[0]]).toEqual([422, expect.stringMatching(/invite must be the ids of people in the file/)]);
    expect(await householdState(target.server, moved)).toEqual(before);

    // A member of the household may neither preview nor import.
    const memberAdded = await call<AddedMember>(target.server, moved, { method: 'POST', url: '/members', payload: { name: 'Pat', email: 'pat@example.com' } });
    const pat = await signInWith(target.server, 'pat@example.com', memberAdded.body.temporary_password);
    const patUser = { ...moved, headers: pat.headers as SignedInUser['headers'] };
    expect((await call(target.server, patUser, { method: 'POST', url: '/household/import/preview', ...upload(exported) })).status).toBe(403);

    // Once the household has data, the preview already says so.
    await call(target.server, moved, { method: 'POST', url: '/allocation_categories', payload: { name: 'Ours' } });
    const preview = await call<{ errors: string[] }>(target.server, moved, { method: 'POST', url: '/household/import/preview', ...upload(exported) });
    expect(preview.status).toBe(422);
    expect(preview.body.errors[0]).toMatch(/already has data/);
    expect((await importWith(`?invite=${idOf(exported, 'Alex')}`)).status).toBe(422);
    expect((await householdState(target.server, moved)).members).toEqual([['Kim', 'owner'], ['Pat', 'member']]);
  });
});
