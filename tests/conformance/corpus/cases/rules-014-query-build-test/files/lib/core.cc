// core.cc
