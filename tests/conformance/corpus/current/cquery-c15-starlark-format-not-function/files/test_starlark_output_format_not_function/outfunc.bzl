format = 1
