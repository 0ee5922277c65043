import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { useGetAllocationCategoriesQuery } from './categoriesApi';
import { useGetBankAccountsQuery } from './bankAccountsApi';
import { useGetInstitutionsQuery } from './institutionsApi';
import { useGetSettingsQuery } from './settingsApi';

/**
 * The order a new household sets itself up in. Shown on the setup pages until every step is done, so a
 * newcomer always sees what comes next; it disappears once the household is set up.
 */
export function GettingStarted() {
  const institutions = useGetInstitutionsQuery();
  const accounts = useGetBankAccountsQuery();
  const categories = useGetAllocationCategoriesQuery();
  const settings = useGetSettingsQuery();
  const sources = [institutions, accounts, categories, settings];
  if (sources.some((source) => !source.isSuccess)) return null;

  const steps = [
    { label: 'Add your bank or financial institution', to: paths.institutions, done: (institutions.data?.length ?? 0) > 0 },
    { label: 'Add your bank accounts', to: paths.bankAccounts, done: (accounts.data?.length ?? 0) > 0 },
    { label: 'Add your allocation categories', to: paths.allocationCategories, done: (categories.data?.length ?? 0) > 0 },
    { label: 'Choose your settings', to: paths.settings, done: (settings.data?.lock_version ?? 0) > 0 },
  ];
  if (steps.every((step) => step.done)) return null;

  return (
    <aside className="ec-getting-started" aria-label="Getting started">
      <strong>Getting started</strong>
      <ol>
        {steps.map((step, index) => (
          <li key={step.to} className={step.done ? 'ec-getting-started__done' : undefined}>
            {/* One marker per step: the list's own numbers are off, so "1. ○" never shows. */}
            <span className="ec-getting-started__marker" aria-hidden="true">
              {step.done ? '✓' : index + 1}
            </span>
            <Link to={step.to}>{step.label}</Link>
            {step.done && <span className="ec-visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>
    </aside>
  );
}
