def with_deprecated():
    '''My doc

    Deprecated:
      This is deprecated
    '''
    pass

def without_deprecated():
    '''My doc'''
    pass
