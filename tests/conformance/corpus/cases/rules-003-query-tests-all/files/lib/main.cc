// main.cc
