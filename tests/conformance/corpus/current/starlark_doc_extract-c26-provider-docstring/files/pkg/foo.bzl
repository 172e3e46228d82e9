DocumentedInfo = provider(doc = "My doc")
UndocumentedInfo = provider()
