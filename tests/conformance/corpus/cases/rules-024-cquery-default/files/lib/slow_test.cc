// slow_test.cc
