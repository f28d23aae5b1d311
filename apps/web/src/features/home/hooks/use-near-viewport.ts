import { useEffect, useRef, useState } from 'react';

/**
 * Turns true once the element comes within `margin` of the viewport (and stays true), so
 * rows far below the fold fetch and render only when the user gets near them.
 */
export function useNearViewport<T extends Element>(margin = '800px 0px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
