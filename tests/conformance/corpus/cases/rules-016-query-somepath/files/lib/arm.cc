// arm.cc
