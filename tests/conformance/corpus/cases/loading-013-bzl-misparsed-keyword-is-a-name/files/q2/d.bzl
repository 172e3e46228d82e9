x = while + 1
