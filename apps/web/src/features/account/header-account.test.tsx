import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { useUserStore } from '../../shared/stores/user-store';
import { setWindowWidth } from '../../test/viewport';
import { HeaderAccount } from './header-account';

const USER = { uguid: 'u1', Name: '林晓', Avatar: null, isVerify: true } as never;

function renderHeader(width: number) {
  setWindowWidth(width);
  useUserStore.setState({ info: USER });
  const router = createMemoryRouter(
    [
      { path: '/home', element: <HeaderAccount /> },
      { path: '*', element: <p>别的页面</p> },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const powerItem = () => screen.queryByRole('menuitem', { name: /算力中心/ });

afterEach(() => {
  useUserStore.setState({ info: null });
  setWindowWidth(1366);
});

describe('the header avatar', () => {
  it('shows at once, and its menu loads and opens on the first hover', async () => {
    renderHeader(1366);
    const avatar = screen.getByTestId('header-avatar');
    // No dropdown around it yet: antd marks the child of a Dropdown with this class.
    expect(avatar.className).not.toContain('ant-dropdown-trigger');
    expect(powerItem()).toBeNull();
    act(() => {
      fireEvent.pointerEnter(avatar, { pointerType: 'mouse' });
    });
    await waitFor(() => expect(powerItem()).toBeTruthy());
    // The menu's Dropdown adds its classes to the avatar's own, which keeps its look.
    expect(screen.getByTestId('header-avatar').className).toMatch(/^jq-header-avatar .*ant-dropdown-trigger/);
  });

  it('leads to the user centre on a click before the menu has loaded (desktop)', async () => {
    const router = renderHeader(1366);
    fireEvent.click(screen.getByTestId('header-avatar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jq/user'));
  });

  it('opens the menu on a tap on a phone', async () => {
    const router = renderHeader(390);
    fireEvent.click(screen.getByTestId('header-avatar'));
    await waitFor(() => expect(powerItem()).toBeTruthy());
    expect(router.state.location.pathname).toBe('/home');
  });
});
