s = struct(
    lambda_function = lambda x: x * 2,
)
