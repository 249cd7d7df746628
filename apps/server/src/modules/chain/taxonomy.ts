/** The taxonomy (reference module) and the library's change channel, in one place: the only file that names where they live. */
export { LIBRARY_CHANGED_CHANNEL, notifyLibraryChanged } from '../library/index.js';
export {
  adjacentTopIndustries,
  findIndustry,
  getIndustry,
  INDUSTRIES,
  industryName,
  normalizeIndustryName,
  topIndustryId,
} from '../reference/index.js';
