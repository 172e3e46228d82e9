x = 1
def i():
  x = 1
    y = 2
