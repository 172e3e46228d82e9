x = (1 +
y = zzz
for a in []:
  pass
