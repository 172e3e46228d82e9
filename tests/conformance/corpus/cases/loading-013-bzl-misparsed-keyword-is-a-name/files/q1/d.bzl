x = while
