"""Modelled callables: Python builtins and ``math`` (``pybuiltins.py``), torch in ``__init__``
(``torchlib.py``), and the complete interpreter that binds them (``machine.py``)."""
