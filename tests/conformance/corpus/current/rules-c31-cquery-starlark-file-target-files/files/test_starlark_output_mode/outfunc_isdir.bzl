def format(t):
    return str(t.label) + '%' + str(t.files.to_list()[1].is_directory)
