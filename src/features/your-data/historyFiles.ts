import type { AllocationClass } from '../../shared/schemas/budgets';
import type { AccountKind, EarlierRows, HistoryChoices, HistoryFiles } from '../../shared/schemas/history';

// FileReader rather than File.text(): the same code reads files in every browser and in jsdom.
function readFile(file: File, as: 'text' | 'dataUrl'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (as === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}
export const readText = (file: File) => readFile(file, 'text');
export const readBase64 = async (file: File) => (await readFile(file, 'dataUrl')).replace(/^data:[^,]*,/, '');

/** The files the person chose for YNAB: its zip as it is, or its plan and its register (CSV or TSV). */
export interface YnabChoice {
  zip: File | null;
  plan: File | null;
  register: File | null;
}

/** The request body: the files as the server reads them, their names (YNAB's say the export's day) and the choices. */
export async function historyBody(source: 'ynab' | 'actual', chosen: YnabChoice & { actual: File | null }, choices: HistoryChoices): Promise<HistoryFiles> {
  if (source === 'actual') return { source, file: await readBase64(chosen.actual!), names: [chosen.actual!.name], choices };
  if (chosen.zip) return { source, file: await readBase64(chosen.zip), names: [chosen.zip.name], choices };
  return { source, plan: await readText(chosen.plan!), register: await readText(chosen.register!), names: [chosen.plan!.name, chosen.register!.name], choices };
}

/** One change the person makes to an account or a category group of the files. */
export interface HistoryChoice {
  match?: number | null;
  kind?: AccountKind;
  earlier_rows?: EarlierRows;
  allocation_class?: AllocationClass;
}

/** `choices` with one account's or group's choice changed (the others kept). */
export function withChoice(choices: HistoryChoices, kind: 'accounts' | 'groups', name: string, change: HistoryChoice): HistoryChoices {
  const list: Array<{ name: string }> = [...(choices[kind] ?? [])];
  const at = list.findIndex((entry) => entry.name === name);
  const next = { ...(at >= 0 ? list[at] : { name }), ...change };
  if (at >= 0) list[at] = next;
  else list.push(next);
  return { ...choices, [kind]: list };
}
