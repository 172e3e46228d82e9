def with_return():
    '''My doc

    Returns:
      None
    '''
    return None

def without_return():
    '''My doc'''
    pass
