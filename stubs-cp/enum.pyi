# CircuitPython has no `enum`: this empty stub makes every use an error in
# Kapsa's mypy check. Use micropython.const integers instead.
