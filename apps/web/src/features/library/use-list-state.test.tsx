import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY, type LibraryQuery, serializeQuery } from './search-state';
import { useListState } from './use-list-state';

let setQueryFromTest: (query: LibraryQuery) => void = () => {};

/** Stays mounted across routes, as a keep-alive page does. */
function KeptList() {
  const { query, setQuery, isActive } = useListState('project');
  setQueryFromTest = setQuery;
  return (
    <>
      <output data-testid="state">{serializeQuery(query)}</output>
      <output data-testid="active">{String(isActive)}</output>
      <Outlet />
    </>
  );
}

function setup(initial: string) {
  const router = createMemoryRouter(
    [{ element: <KeptList />, children: [{ path: '/jq/project' }, { path: '/jq/org' }] }],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const state = () => screen.getByTestId('state').textContent;
const search = (router: ReturnType<typeof setup>) => decodeURIComponent(router.state.location.search);

describe('useListState', () => {
  it('starts from a shared link', () => {
    setup('/jq/project?q=AI&stage=3&pid=12');
    expect(decodeURIComponent(state() ?? '')).toBe('q=AI&stage=3');
  });

  it('mirrors a change into the URL without a new history entry, keeping the open detail', async () => {
    const router = setup('/jq/project?pid=12');
    await act(async () => setQueryFromTest({ ...EMPTY_QUERY, keyword: '新能源', stage: [3] }));
    expect(search(router)).toBe('?pid=12&q=新能源&stage=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('puts its state back into a bare URL when the user returns by the menu', async () => {
    const router = setup('/jq/project');
    await act(async () => setQueryFromTest({ ...EMPTY_QUERY, keyword: '光伏', page: 3 }));
    await act(async () => router.navigate('/jq/org'));
    expect(screen.getByTestId('active').textContent).toBe('false');
    expect(search(router)).toBe('');
    await act(async () => router.navigate('/jq/project'));
    expect(search(router)).toBe('?q=光伏&page=3');
    expect(decodeURIComponent(state() ?? '')).toBe('q=光伏&page=3');
  });

  it('adopts a link that arrives with its own search', async () => {
    const router = setup('/jq/project?q=AI');
    await act(async () => router.navigate('/jq/project?q=储能&region=310000'));
    expect(decodeURIComponent(state() ?? '')).toBe('q=储能&region=310000');
  });
});
