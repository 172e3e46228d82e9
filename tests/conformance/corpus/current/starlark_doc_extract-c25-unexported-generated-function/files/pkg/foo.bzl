def _multiply_by(y):
    def multiply(x):
        '''Multiplies x by constant y'''
        return x * y
    return multiply

s = struct(
    generated = _multiply_by(2),
)
