import type { ButtonHTMLAttributes } from 'react';
import './controls.css';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** "primary": the filled button of the screen's main action. */
  type?: 'primary' | 'default';
  size?: 'small' | 'middle';
  /** Shows a spinner and ignores clicks while the action it started runs. */
  loading?: boolean;
};

/**
 * A button that looks like antd's (same sizes, colours and focus ring) for what loads without antd's components:
 * the shell, and the budget detail around its two tables (which load antd's Table alone).
 */
export function Button({ type = 'default', size = 'middle', loading = false, className, children, onClick, ...rest }: Props) {
  const classes = ['ec-btn', type === 'primary' && 'ec-btn-primary', size === 'small' && 'ec-btn-small', loading && 'ec-btn-loading', className].filter(Boolean).join(' ');
  return (
    <button {...rest} type="button" className={classes} aria-busy={loading || undefined} onClick={loading ? undefined : onClick}>
      {loading && <span className="ec-btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
