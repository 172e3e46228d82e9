// --output=maxrank: `<rank> <label>`, the rank being the longest path length from a root (rank.ts).
export { formatMaxrank } from './rank.ts';
