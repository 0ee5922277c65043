import { Alert } from './Alert';
import { Link } from 'react-router-dom';
import { paths } from '../platform/paths';

export type MissingSetup = 'categories' | 'accounts';

const steps: Record<MissingSetup, { label: string; to: string }> = {
  categories: { label: 'Add your allocation categories', to: paths.allocationCategories },
  accounts: { label: 'Add your bank accounts', to: paths.bankAccounts },
};

/** Guides a new household to the setup page a screen needs before it can be used. */
export function MissingSetupNotice({ missing }: { missing: MissingSetup[] }) {
  if (missing.length === 0) return null;
  return (
    <Alert
      className="ec-setup-notice"
      role="note"
      type="info"
      showIcon
      title="Finish setting up your household first:"
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {missing.map((item) => (
            <li key={item}>
              <Link to={steps[item].to}>{steps[item].label}</Link>
            </li>
          ))}
        </ul>
      }
    />
  );
}
