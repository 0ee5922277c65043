import { createEntityAdapter, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { userLoggedOut } from '../../../src/platform/authSlice';
import { addRows, arrayList, createDraftSlice, editRow, entityList, toggleDeleted, type DraftCore, type KeyedRow } from '../../../src/platform/editing/draftSlice';

/** A toy edit mode with both kinds of list: lines kept by key (as the budget's) and notes kept in order (as the window's). */
interface Line extends KeyedRow {
  name: string;
  spent: number;
}
interface Note {
  key: string;
  id: number | null;
  text: string;
  deleted: boolean;
}
interface Lists {
  lines: EntityState<Line, number>;
  notes: Note[];
}
interface ToyDraft extends Lists, DraftCore<Lists> {
  recordId: number;
}
interface Read {
  id: number;
  version: number;
  lines: Line[];
  notes: Note[];
}

const adapter = createEntityAdapter<Line, number>({ selectId: (line) => line.key });
const lineList = entityList(adapter, (mine, theirs) => ({ ...mine, spent: theirs.spent }));
let noteCounter = 0;
const noteList = arrayList<Note, string>({ keyOf: (note) => note.key, isNew: (note) => note.id === null, deleted: (note) => note.deleted, asNew: (note) => ({ ...note, id: null, key: `new${++noteCounter}` }) });
const linesOf = (draft: ToyDraft) => draft.lines;
const notesOf = (draft: ToyDraft) => draft.notes;
const listsOf = (read: Read): Lists => ({ lines: lineList.of(read.lines), notes: noteList.of(read.notes) });

const toy = createDraftSlice({
  name: 'toyEdit',
  lists: { lines: lineList, notes: noteList },
  started: (read: Read): Omit<ToyDraft, 'base' | 'dirty'> => ({ ...listsOf(read), recordId: read.id, lockVersion: read.version, nextKey: -1 }),
  fresh: (draft: ToyDraft, read: Read) => (draft.recordId === read.id ? { lists: listsOf(read), lockVersion: read.version } : null),
  saved: 'toySaved',
  reducers: {
    lineRenamed: (state, action: PayloadAction<{ key: number; name: string }>) => editRow(state, lineList, linesOf, action.payload.key, (line) => ({ ...line, name: action.payload.name })),
    noteChanged: (state, action: PayloadAction<{ key: string; text: string }>) => editRow(state, noteList, notesOf, action.payload.key, (note) => ({ ...note, text: action.payload.text })),
    noteAdded: (state, action: PayloadAction<Note>) => addRows(state, noteList, notesOf, [action.payload]),
    lineDeleteToggled: (state, action: PayloadAction<number>) => toggleDeleted(state, lineList, linesOf, action.payload),
  },
});
const { editStarted, draftRebased, editCancelled, toySaved, lineRenamed, noteChanged, noteAdded, lineDeleteToggled } = toy.actions;
const reduce = (actions: PayloadAction<unknown>[], from = toy.reducer(undefined, { type: 'init' })) => actions.reduce(toy.reducer, from);

const line = (key: number, name: string, spent = 0): Line => ({ key, id: key, name, spent, deleted: false });
const note = (id: number, text: string): Note => ({ key: `t${id}`, id, text, deleted: false });
const read: Read = { id: 7, version: 1, lines: [line(1, 'Rent'), line(2, 'Food')], notes: [note(1, 'first'), note(2, 'second')] };
const lineNames = (draft: ToyDraft | null) => adapter.getSelectors().selectAll(draft!.lines).map((l) => [l.key, l.name, l.spent, l.deleted]);

describe('createDraftSlice: one draft-slice factory for the edit modes', () => {
  it('starts a draft from what was read: every list kept as its base, the version read, not edited', () => {
    const { draft } = reduce([editStarted(read)]);
    expect(draft).toMatchObject({ recordId: 7, lockVersion: 1, dirty: false, nextKey: -1 });
    expect(draft!.base).toEqual({ lines: draft!.lines, notes: draft!.notes });
  });

  it('an edit replaces its row, marks the draft edited, and leaves every other row the same object', () => {
    const started = reduce([editStarted(read)]);
    const { draft } = reduce([noteChanged({ key: 't2', text: 'mine' }), lineRenamed({ key: 1, name: 'Rent (mine)' })], started);
    expect(draft!.dirty).toBe(true);
    expect(draft!.notes[0]).toBe(started.draft!.notes[0]);
    expect(draft!.notes[1].text).toBe('mine');
    expect(draft!.lines.entities[2]).toBe(started.draft!.lines.entities[2]);
    expect(draft!.lines.entities[1]!.name).toBe('Rent (mine)');
  });

  it('an edit of a row that is not there, or while not editing, changes nothing', () => {
    const started = reduce([editStarted(read)]);
    expect(reduce([noteChanged({ key: 'nope', text: 'x' })], started)).toBe(started);
    expect(reduce([lineRenamed({ key: 1, name: 'x' })]).draft).toBeNull();
  });

  it('adds rows at the end and toggles a row deleted and back, each marking the draft edited', () => {
    const { draft } = reduce([editStarted(read), noteAdded({ key: 'n1', id: null, text: 'added', deleted: false }), lineDeleteToggled(2)]);
    expect(draft!.notes.map((n) => n.key)).toEqual(['t1', 't2', 'n1']);
    expect(draft!.lines.entities[2]!.deleted).toBe(true);
    expect(draft!.dirty).toBe(true);
    expect(reduce([lineDeleteToggled(2)], { draft }).draft!.lines.entities[2]!.deleted).toBe(false);
  });

  it("after a conflict puts the person's rows on top of the latest in every list, with the new version and base", () => {
    const mine = reduce([editStarted(read), lineRenamed({ key: 1, name: 'Rent (mine)' }), noteChanged({ key: 't1', text: 'first (mine)' })]);
    const theirs: Read = { id: 7, version: 2, lines: [line(1, 'Rent', 500), line(2, 'Food (theirs)'), line(3, 'New of theirs')], notes: [note(1, 'first'), note(3, 'third')] };
    const { draft } = reduce([draftRebased(theirs)], mine);
    expect(lineNames(draft)).toEqual([
      [1, 'Rent (mine)', 500, false],
      [2, 'Food (theirs)', 0, false],
      [3, 'New of theirs', 0, false],
    ]);
    expect(draft!.notes.map((n) => n.text)).toEqual(['first (mine)', 'third']);
    expect(draft!.lockVersion).toBe(2);
    expect(draft!.base.notes).toEqual(theirs.notes);
    expect(draft!.dirty).toBe(true);
  });

  it('brings back, under a key of its own, a row the person changed that someone else deleted', () => {
    const mine = reduce([editStarted(read), lineRenamed({ key: 2, name: 'Food (mine)' })]);
    const { draft } = reduce([draftRebased({ ...read, version: 2, lines: [line(1, 'Rent')] })], mine);
    expect(lineNames(draft)).toEqual([
      [1, 'Rent', 0, false],
      [-1, 'Food (mine)', 0, false],
    ]);
    expect(draft!.lines.entities[-1]!.id).toBe(0);
    expect(draft!.nextKey).toBe(-2);
  });

  it("leaves the draft alone when the latest copy is another record's", () => {
    const mine = reduce([editStarted(read), lineRenamed({ key: 1, name: 'Rent (mine)' })]);
    expect(reduce([draftRebased({ ...read, id: 8, version: 5 })], mine)).toBe(mine);
  });

  it('ends the draft on save, on cancel and on logout', () => {
    const started = reduce([editStarted(read), lineRenamed({ key: 1, name: 'x' })]);
    expect(toySaved.type).toBe('toyEdit/toySaved');
    for (const end of [toySaved(), editCancelled(), userLoggedOut()]) expect(toy.reducer(started, end).draft).toBeNull();
  });
});
