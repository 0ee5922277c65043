import { useState } from 'react';
import type { ServerRefusal } from '../apiErrors';
import { apiErrorMessages } from '../apiErrors';
import { useAppDispatch, useAppStore } from '../hooks';
import type { RootState } from '../../app/store';
import { confirm } from '../../components/confirm';
import { errorShown, infoShown } from '../messages/messagesSlice';
import { useWriteAction } from '../messages/useWriteAction';

/** Cancel's question when the draft holds edits (Escape, Back and reload ask "Leave without saving?"). */
const DISCARD_QUESTION = 'Discard your changes?';

interface EditModeWords {
  saved: string;
  notSaved: string;
  cancelled: string;
  reloaded: string;
}

interface EditModeOptions<Fresh> {
  words: EditModeWords;
  /** Whether the draft holds edits: Cancel asks before throwing them away. */
  selectDirty: (state: RootState) => boolean;
  /**
   * Rows the server would refuse, found before anything is sent (the window's dates and negative amounts): mark
   * them and return the reasons, one sentence each; null when the draft can be sent.
   */
  check?: (state: RootState) => string[] | null;
  /** The save of the draft as it is now, or null when there is nothing to save. */
  write: (state: RootState) => (() => Promise<unknown>) | null;
  /** A refused save (not a 409): mark the rows it names; returns the reasons, one sentence each. */
  refused: (refusal: ServerRefusal) => string[];
  saved: () => void;
  cancelled: () => void;
  /** The latest copy from the server, for Reload after a 409. */
  refetch: () => Promise<{ data?: Fresh; error?: unknown }>;
  /** The person's edits on top of the fresh copy. */
  rebased: (fresh: Fresh) => void;
  /**
   * Whether the fresh copy changed a row the draft changed too. Given, a 409 whose other change touched no row of
   * the draft is taken in quietly (Reload and save again, once); only an overlap asks the person.
   */
  overlaps?: (state: RootState, fresh: Fresh) => boolean;
}

/**
 * One edit mode's save, cancel, reload and conflict, for the budget detail, a sink fund's envelopes and the
 * transactions window. A refused save shows its reasons once (on the page, by the rows: no pop-up as well);
 * a 409 keeps every edit and offers Reload, which brings in the other change with the person's edits on top;
 * Cancel asks "Discard your changes?" when there are edits. Rows found wrong before sending (`check`) are said
 * the same way as a refusal, and nothing is sent.
 */
export function useEditMode<Fresh>(options: EditModeOptions<Fresh>) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { run, pending: saving } = useWriteAction();
  // A save sent before Reload has brought the other change in would carry the old version: a second 409.
  const [reloading, setReloading] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  /** The reasons of the last refused save, one sentence each; shown until dismissed, saved or cancelled. */
  const [refusal, setRefusal] = useState<string[] | null>(null);

  /** After a 409: the other change taken in under the person's edits, when it touched none of their rows. */
  const rebaseQuietly = async (): Promise<boolean> => {
    if (!options.overlaps) return false;
    setReloading(true);
    const fresh = await options.refetch().finally(() => setReloading(false));
    if (!fresh.data || options.overlaps(store.getState(), fresh.data)) return false;
    options.rebased(fresh.data);
    return true;
  };

  const attempt = async (retried: boolean): Promise<boolean> => {
    if (reloading) return false;
    const unsendable = options.check?.(store.getState());
    if (unsendable) {
      setRefusal(unsendable);
      return false;
    }
    const write = options.write(store.getState());
    if (!write) return false;
    let conflict: string | null = null;
    const saved = await run({
      write,
      success: options.words.saved,
      failure: options.words.notSaved,
      shownByScreen: true,
      onRefused: (refused) => {
        if (refused.conflict) conflict = refused.messages.join(' ');
        else setRefusal(options.refused(refused));
      },
    });
    if (conflict !== null) {
      // Said only when the other change touched a row of the draft (or could not be read).
      if (!retried && (await rebaseQuietly())) return attempt(true);
      setConflict(conflict);
    }
    if (saved) {
      setConflict(null);
      setRefusal(null);
      options.saved();
    }
    return saved;
  };
  const save = () => attempt(false);

  const cancel = async (): Promise<boolean> => {
    if (options.selectDirty(store.getState()) && !(await confirm({ title: DISCARD_QUESTION }))) return false;
    options.cancelled();
    setConflict(null);
    setRefusal(null);
    dispatch(infoShown(options.words.cancelled));
    return true;
  };

  const reload = async () => {
    setReloading(true);
    const fresh = await options.refetch().finally(() => setReloading(false));
    if (!fresh.data) {
      dispatch(errorShown(apiErrorMessages(fresh.error).join(' ')));
      return;
    }
    options.rebased(fresh.data);
    setConflict(null);
    setRefusal(null);
    dispatch(infoShown(options.words.reloaded));
  };

  /** A save or a Reload in flight: Save shows it and waits, and so does Cancel. */
  const busy = saving || reloading;
  return { save, cancel, reload, busy, conflict, refusal, dismissRefusal: () => setRefusal(null) };
}
