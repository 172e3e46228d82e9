'''This is my module'''
load('error.bzl', 'x')
