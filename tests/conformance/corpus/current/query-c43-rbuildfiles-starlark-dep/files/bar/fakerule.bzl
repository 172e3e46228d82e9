const = 2
