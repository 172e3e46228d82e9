// generic.h
