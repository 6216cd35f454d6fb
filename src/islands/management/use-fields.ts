import { useCallback, useState } from 'react';

/**
 * The values of a staff form held as one record, checked on Save: `field('title')` gives a kit field
 * its value and onChange, `replace` sets them all (after a save answers).
 */
export function useFields<T extends object>(initial: T | (() => T)) {
  const [values, replace] = useState<T>(initial);
  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => replace((v) => ({ ...v, [key]: value })), []);
  const field = <K extends keyof T>(key: K) => ({ value: values[key], onChange: (value: T[K]) => set(key, value) });
  return { values, set, field, replace };
}
