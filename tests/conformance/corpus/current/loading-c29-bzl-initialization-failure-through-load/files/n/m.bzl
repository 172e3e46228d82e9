load('//e:l.bzl', _x = 'x')
x = 1
