// --output=minrank: `<rank> <label>`, the rank being the shortest path length from a root (rank.ts).
export { formatMinrank } from './rank.ts';
