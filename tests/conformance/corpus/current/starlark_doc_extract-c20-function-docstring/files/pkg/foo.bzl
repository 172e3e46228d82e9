def with_detailed_docstring():
    '''My function

    This function does things.
    '''
    pass

def with_one_line_docstring():
    '''My function'''
    pass

def without_docstring():
    pass
