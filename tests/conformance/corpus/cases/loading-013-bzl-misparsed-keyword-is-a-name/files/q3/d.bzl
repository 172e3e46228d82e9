x = [while, 2]
