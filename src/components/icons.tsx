import './icons.css';

/*
 * The few icons the budget screens and the shell show (the outlines of antd's icon set, 1em, in the text
 * colour) as CSS masks (icons.css): one element each, no icon library, cheap in a grid of hundreds of rows.
 * Always decorative: the button or text beside an icon carries its name.
 */

function icon(name: string) {
  return function Icon({ className }: { className?: string }) {
    return <span aria-hidden="true" className={`ec-icon ec-icon-${name}${className ? ` ${className}` : ''}`} />;
  };
}

/** A bin */
export const DeleteIcon = icon('delete');

/** An arrow turning back */
export const UndoIcon = icon('undo');

/** A bulleted list */
export const ListIcon = icon('list');

/** Information (filled circle) */
export const InfoIcon = icon('info');

/** A warning (filled circle with "!") */
export const WarningIcon = icon('warning');

/** An error (filled circle with "×") */
export const ErrorIcon = icon('error');

/** Success (filled circle with a tick) */
export const SuccessIcon = icon('success');

/** "×" */
export const CloseIcon = icon('close');
