/**
 * The industry (two levels) and region (province, city) options of filters and forms
 * (library, matching), as `GET /api/library/taxonomy` gives them (busiest first; the
 * hook drops empty ones).
 */
export interface Named {
  id: string;
  name: string;
}

export interface IndustryOption extends Named {
  subs: Named[];
}

export interface RegionOption extends Named {
  cities: Named[];
}

export interface Taxonomy {
  industries: IndustryOption[];
  regions: RegionOption[];
}

/** Every id with its name and, for a sub-option, its parent: the selected-filter chips' labels. */
export function indexOptions<T extends Named>(
  options: readonly (T & { subs?: Named[]; cities?: Named[] })[],
) {
  const index = new Map<string, { name: string; parentId: string | null }>();
  for (const option of options) {
    index.set(option.id, { name: option.name, parentId: null });
    for (const child of option.subs ?? option.cities ?? []) {
      if (!index.has(child.id)) index.set(child.id, { name: child.name, parentId: option.id });
    }
  }
  return index;
}
