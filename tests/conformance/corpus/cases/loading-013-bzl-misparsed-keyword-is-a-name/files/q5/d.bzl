x = f(import)
