// core_test.cc
