"""What the interpretation produces: the typed graph (``builder.py``), model facts
(``model_facts.py``) and value uses (``value_uses.py``)."""
