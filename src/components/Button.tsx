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
 * A button that looks like antd's (same sizes, colours and focus ring) for the screens that must load without
 * antd: the shell and the budget detail.
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
