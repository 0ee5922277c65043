import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './icons';
import './controls.css';

/** A page-sized outcome ("Budget not found", "There is no open budget"): an icon, a title, a line and actions. */
export function Result({ status, title, subTitle, extra }: { status: 'info' | '404'; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  const Icon = status === 'info' ? InfoIcon : WarningIcon;
  return (
    <div className={`ec-result ec-result-${status}`}>
      <Icon className="ec-result-icon" />
      <div className="ec-result-title">{title}</div>
      {subTitle && <div className="ec-result-subtitle">{subTitle}</div>}
      {extra && <div className="ec-result-extra">{extra}</div>}
    </div>
  );
}
