def macro():
  native.genrule(name = 'dep2', outs = ['dep2.txt'], cmd = 'echo Hi >$@')
