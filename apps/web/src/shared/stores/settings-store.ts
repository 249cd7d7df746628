/**
 * Client settings that outlive a visit: the identity (investor or enterprise, which also
 * picks the colour theme) and the layout (sider collapsed). Persisted in localStorage.
 */
import type { Identity } from '@jq/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SETTINGS_STORAGE_KEY = 'jq_settings';

interface SettingsState {
  identity: Identity;
  isSiderCollapsed: boolean;
  setIdentity(identity: Identity): void;
  setSiderCollapsed(isCollapsed: boolean): void;
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      identity: 'investor',
      isSiderCollapsed: false,
      setIdentity: (identity) => set({ identity }),
      setSiderCollapsed: (isSiderCollapsed) => set({ isSiderCollapsed }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ identity, isSiderCollapsed }) => ({ identity, isSiderCollapsed }),
    },
  ),
);
