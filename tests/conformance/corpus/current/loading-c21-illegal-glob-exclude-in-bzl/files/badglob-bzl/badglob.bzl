def f():
  return native.glob(include = ["BUILD"], exclude = ["a/**b/c"])
