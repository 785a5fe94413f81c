// An on/off switch: a native checkbox with role="switch" (keyboard, forms and focus for free), drawn as a track
// and thumb in CSS. Its accessible name comes from a <label for> the caller renders.
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'onChange'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

export function Switch({ onCheckedChange, className, ...rest }: Props) {
  return (
    <input
      {...rest}
      type="checkbox"
      role="switch"
      className={className ? `switch ${className}` : 'switch'}
      onChange={(event) => onCheckedChange(event.currentTarget.checked)}
    />
  );
}
