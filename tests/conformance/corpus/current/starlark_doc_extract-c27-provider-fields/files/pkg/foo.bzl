DocumentedInfo = provider(fields = {"c": "C", "a": "A", "b": "B", "_hidden": "Hidden"})
UndocumentedInfo = provider(fields = ["c", "a", "b", "_hidden"])
