// The berth prospect's ETB or ETD, the app's way (product.md#constants): a UTC day from a list ("03-Dec-26 Thu") and a
// 24-hour time typed beside it, read back as the message will say it; the same on a phone and at a desk, offline too.
import { useId } from 'react';
import { joinWhen, splitWhen, utcFromInput } from '../../core/chat-berth.ts';
import { formatTimeDateYear } from '../../core/format/format-date.ts';

export interface WhenFieldProps {
  /** The form's field: its controls are named `${name}-day` and `${name}-time`. */
  name: 'etb' | 'etd';
  /** ETB or ETD, as the legend and the messages say it. */
  word: string;
  /** 'YYYY-MM-DD' + 'T' + the time as typed (chat-berth.ts's BerthForm). */
  value: string;
  onChange: (value: string) => void;
  days: readonly { value: string; label: string }[];
  error: string | undefined;
  required?: boolean;
}

export function WhenField({ name, word, value, onChange, days, error, required = false }: WhenFieldProps) {
  const id = useId();
  const { day, time } = splitWhen(value);
  const reads = utcFromInput(value);
  const legend = `${id}-legend`;
  const described = [error ? `${id}-error` : '', reads ? `${id}-reads` : ''].filter(Boolean).join(' ');
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': described || undefined,
  };
  return (
    <fieldset className={`form-field berth-when${error ? ' form-field--error' : ''}`}>
      <legend id={legend} className="form-field__label">
        {word} (UTC)
        {required && <span className="required-dot" aria-hidden="true" />}
      </legend>
      <div className="berth-when__row">
        <div className="berth-when__part">
          <label id={`${id}-day-label`} htmlFor={`${id}-day`} className="berth-when__label">
            Day
          </label>
          <select
            {...common}
            id={`${id}-day`}
            name={`${name}-day`}
            className="form-field__input"
            aria-labelledby={`${legend} ${id}-day-label`}
            value={day}
            onChange={(e) => onChange(joinWhen(e.target.value, time))}
          >
            <option value="">Choose a day…</option>
            {days.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div className="berth-when__part berth-when__part--time">
          <label id={`${id}-time-label`} htmlFor={`${id}-time`} className="berth-when__label">
            Time
          </label>
          {/* Text, not a time field: the browser's would show AM/PM on many devices. Digits alone ("1430") are
              read too, for a phone's number pad, which has no colon. */}
          <input
            {...common}
            id={`${id}-time`}
            name={`${name}-time`}
            className="form-field__input"
            aria-labelledby={`${legend} ${id}-time-label`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="HH:mm"
            maxLength={8}
            value={time}
            onChange={(e) => onChange(joinWhen(day, e.target.value))}
          />
        </div>
      </div>
      {reads && (
        <p id={`${id}-reads`} className="form-field__hint">
          Posted as {formatTimeDateYear(reads)} UTC
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
