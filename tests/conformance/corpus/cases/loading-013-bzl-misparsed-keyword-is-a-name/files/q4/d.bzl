x = try(1)
