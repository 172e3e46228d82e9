def format(t, not_allowed_to_have_a_second_arg):
    return str(t.label) + '%foo_file'
