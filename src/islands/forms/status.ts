/**
 * The statuses of contract §4, as pure rules shared by every form block.
 *
 * Input status: 1 ready ('Check'), 2 validating ('Validating' with a spinner), 3 success (a custom
 * validation text or 'Done'), 4 error ('Error'). Enter emits an event only when the status is not 4.
 * Interactive button status: 0 default, 1 loading, 2 warning, 3 error, 4 success; enabled only at 0 or 4.
 */
export type InputStatus = 1 | 2 | 3 | 4;
export type ButtonStatus = 0 | 1 | 2 | 3 | 4;

/** The status text shown beside an input. */
export function inputStatusText(status: InputStatus, successText?: string): string {
  switch (status) {
    case 1:
      return 'Check';
    case 2:
      return 'Validating';
    case 3:
      return successText && successText.trim() ? successText : 'Done';
    case 4:
      return 'Error';
  }
}

/** Enter emits only when the input is not in error. */
export function enterEmits(status: InputStatus): boolean {
  return status !== 4;
}

/** A button can be pressed only at default (0) or success (4). */
export function buttonEnabled(status: ButtonStatus): boolean {
  return status === 0 || status === 4;
}

/** What a validator says about a value: fine (with an optional success text) or wrong (with why). */
export type Validation = { ok: true; text?: string } | { ok: false; message: string };

/**
 * The status an input shows once validation has run: an untouched empty value is 'ready' (1), not an
 * error, so a fresh form does not shout at the visitor.
 */
export function statusFromValidation(result: Validation | null, touched: boolean): InputStatus {
  if (!result) return 1;
  if (result.ok) return 3;
  return touched ? 4 : 1;
}
