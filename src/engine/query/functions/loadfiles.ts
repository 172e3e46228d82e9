// loadfiles(x): the .bzl files needed to load the packages of x's targets.
import type { QueryFunction } from '../function.ts';
import { collect, packagesOf } from './buildfiles.ts';

export const loadfiles: QueryFunction = {
  name: 'loadfiles',
  evaluate(ev, args, vars) {
    const { access, pkgs } = packagesOf(ev, args, vars);
    return collect(ev, access, pkgs, false);
  },
};
