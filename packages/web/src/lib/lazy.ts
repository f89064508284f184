// Pages fetched the first time they are opened, so that players who only play never download
// them: a hook that loads a module once and keeps it for the next visit.

import { useEffect, useState } from 'preact/hooks';

/** A module loaded on first use, and kept. */
export interface LazyModule<T> {
  readonly load: () => Promise<T>;
  loaded?: T;
}

/** The module once it is here (undefined while it arrives); loads it on first use. */
export function useLazy<T>(module: LazyModule<T>): T | undefined {
  const [value, setValue] = useState(module.loaded);
  useEffect(() => {
    if (value) return;
    void module.load().then((m) => {
      module.loaded = m;
      setValue(m);
    });
  }, [module, value]);
  return value;
}
