// manual_test.cc
