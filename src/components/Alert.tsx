import type { AriaRole, ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import './controls.css';

const ICONS = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon, success: SuccessIcon };

interface Props {
  type?: keyof typeof ICONS;
  title: ReactNode;
  description?: ReactNode;
  /** A small button at the end, such as "Retry" or "Reload". */
  action?: ReactNode;
  showIcon?: boolean;
  closable?: boolean;
  onClose?: () => void;
  role?: AriaRole;
  className?: string;
}

/** A coloured notice in the page, drawn like antd's Alert (the props it was used with), without antd. */
export function Alert({ type = 'info', title, description, action, showIcon = false, closable = false, onClose, role = 'alert', className }: Props) {
  const Icon = ICONS[type];
  const classes = ['ec-alert', `ec-alert-${type}`, description !== undefined && 'ec-alert-with-description', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={role}>
      {showIcon && <Icon className="ec-alert-icon" />}
      <div className="ec-alert-content">
        <div className="ec-alert-title">{title}</div>
        {description !== undefined && <div className="ec-alert-description">{description}</div>}
      </div>
      {action && <div className="ec-alert-action">{action}</div>}
      {closable && (
        <button type="button" className="ec-alert-close" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
