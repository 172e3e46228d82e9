x = 1
def h(x):
    if x:
    return 1
