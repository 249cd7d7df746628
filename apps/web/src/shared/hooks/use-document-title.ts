/** A record's name in the tab title while its detail is shown (shared links, history). */
import { useEffect } from 'react';
import { common } from '../../locales/zh-CN/common';

export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    if (!name) return;
    const previous = document.title;
    document.title = `${name}${common.titleSeparator}${common.productName}`;
    return () => {
      document.title = previous;
    };
  }, [name]);
}
