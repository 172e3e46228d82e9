x = class
y = 2
