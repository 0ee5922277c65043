import type { HistoryFiles } from '../../../src/shared/schemas/history';
import { readActual } from './actual';
import { type HistoryPlan, planHistory } from './historyPlan';
import { readYnab } from './ynab';

/** The plan of what the person's files would create; the preview shows it and the import writes it. */
export function historyPlanOf(files: HistoryFiles): HistoryPlan {
  const data = files.source === 'ynab' ? readYnab(files.plan, files.register) : readActual(Buffer.from(files.file, 'base64'));
  return planHistory(data);
}
