/** `useNavigate` that swallows a push to the page already shown (spec: duplicate pushes). */
import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { isSameLocation } from './page-trail';

export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') return void navigate(to);
      if (isSameLocation(to, location)) return;
      void navigate(to, options);
    },
    [navigate, location],
  );
}
