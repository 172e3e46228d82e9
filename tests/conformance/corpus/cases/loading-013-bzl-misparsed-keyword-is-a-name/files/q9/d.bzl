def f():
    while True:
        pass
x = 1
