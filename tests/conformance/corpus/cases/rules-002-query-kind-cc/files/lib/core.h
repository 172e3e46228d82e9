// core.h
