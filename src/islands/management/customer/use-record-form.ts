import { useId, useState, type SyntheticEvent } from 'react';
import type { ApiResult } from '../../../client/api.ts';
import type { CustomerRecord } from '../../../domain/customer-records.ts';
import { useSubmit } from '../../forms/use-submit.ts';

type KeysOf<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F] & string;

/**
 * The state of a record's edit form (contact details, a dog's card): the fields, checked on Save by
 * `check`, then sent by `send`, whose answer is the whole record. `text` and `box` give a field kit
 * block its id, value and change handler by the field's name.
 */
export function useRecordForm<F, B>({
  initial,
  check,
  send,
  onSaved,
}: {
  initial(): F;
  /** May wait for what it checks with (the contact form's phone check, fetched when it opens). */
  check(form: F): { body: B } | { problem: string } | Promise<{ body: B } | { problem: string }>;
  send(body: B): Promise<ApiResult<{ customer: CustomerRecord }>>;
  onSaved(customer: CustomerRecord): void;
}) {
  const [form, setForm] = useState(initial);
  const submit = useSubmit('We could not save that');
  const id = useId();
  const set = (change: Partial<F>) => setForm((f) => ({ ...f, ...change }));
  const text = (name: KeysOf<F, string>) => ({
    id: `${id}-${name}`,
    value: form[name] as string,
    onChange: (value: string) => set({ [name]: value } as Partial<F>),
  });
  const box = (name: KeysOf<F, boolean>) => ({
    id: `${id}-${name}`,
    required: false,
    checked: form[name] as boolean,
    onChange: (checked: boolean) => set({ [name]: checked } as Partial<F>),
  });
  const go = (checked: { body: B } | { problem: string }) => {
    if ('problem' in checked) return submit.fail(checked.problem);
    void submit.run(
      () => send(checked.body),
      (saved) => onSaved(saved.customer),
    );
  };
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = check(form);
    if (checked instanceof Promise) void checked.then(go);
    else go(checked);
  };
  return { id, form, set, text, box, submit, save };
}
