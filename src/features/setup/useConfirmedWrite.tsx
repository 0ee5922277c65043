import { Alert } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorShown, infoShown } from '../messages/messagesSlice';
import { confirm } from '../../components/confirm';
import { failureText, readServerRefusal } from './serverRefusal';

interface ConfirmedWrite {
  title: string;
  content: string;
  write: () => Promise<unknown>;
  /** "Institution deleted." */
  success: string;
  /** "Institution not deleted." — followed by the server's reason. */
  failure: string;
}

/**
 * Deletes and closes from a list: asked first (Yes/No), then done; a refusal's reason stays on the page
 * (not only in the passing message bar) until dismissed or the next success.
 */
export function useConfirmedWrite() {
  const dispatch = useAppDispatch();
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = async ({ title, content, write, success, failure }: ConfirmedWrite) => {
    if (!(await confirm({ title, content }))) return;
    try {
      await write();
      setRefusal(null);
      dispatch(infoShown(success));
    } catch (error) {
      const text = failureText(failure, readServerRefusal(error));
      setRefusal(text);
      dispatch(errorShown(text));
    }
  };

  const refusalAlert = refusal && <Alert type="error" showIcon closable role="alert" title={refusal} onClose={() => setRefusal(null)} />;
  return { run, refusalAlert };
}
