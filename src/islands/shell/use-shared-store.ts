import { useStore } from '@nanostores/react';
import type { WritableAtom } from 'nanostores';

/**
 * A store shared between islands, read so that hydration matches the server's HTML: while React
 * hydrates, the store's initial value (what the server rendered: stores never change there),
 * then its current value. Another island may have loaded the cart before this one hydrates;
 * reading that at once made React throw the server HTML away (error #418) and render again.
 */
export function useSharedStore<T>(store: WritableAtom<T>): T {
  return useStore(store, { ssr: 'initial' });
}
