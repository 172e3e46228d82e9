// neon.cc
