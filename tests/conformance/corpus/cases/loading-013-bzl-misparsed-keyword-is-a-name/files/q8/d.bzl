x = (while)
