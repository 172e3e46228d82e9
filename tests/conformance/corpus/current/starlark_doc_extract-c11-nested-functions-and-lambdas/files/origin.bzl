def return_nested():
    def nested(x):
        '''My nested function'''
        pass

    return nested

def return_lambda():
    return lambda y: y
