"""Modelled callables: the registry of library functions (``registry.py``, one entry per
qualified name, declared by module group in ``python.py`` (builtins), ``stdlib.py``,
``arrays.py`` (numpy), ``torchfns.py``, ``einopslib.py``, ``hf.py``), enum classes
(``enums.py``), Python builtins' numeric core and ``math`` (``pybuiltins.py``), torch in
``__init__`` (``torchlib.py``), and the complete interpreter that binds them (``machine.py``).

docs/library.md is the registry's table (``python tools/gen_library_docs.py``).
"""
