"""Abstract values: what the interpreters compute with (``abstract.py`` for ``__init__``,
``dataflow_values.py`` for the ``forward`` dataflow)."""
