'''This is my docstring'''
foo = 1
