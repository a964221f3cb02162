"""The ``__init__`` interpreter by concept: statements, expressions, items and subscripts,
attributes, names/imports/classes (the object model), module-tree walks, tensor shapes, configs."""
