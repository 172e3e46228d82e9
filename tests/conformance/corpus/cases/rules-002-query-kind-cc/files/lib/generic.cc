// generic.cc
