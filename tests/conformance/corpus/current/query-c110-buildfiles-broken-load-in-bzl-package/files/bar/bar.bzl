sym = 0
