# CircuitPython has no `dataclasses`: this empty stub makes every use an error
# in Kapsa's mypy check.
