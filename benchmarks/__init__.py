"""The benchmarks, a regular package so that ``from benchmarks import ...`` finds this folder.

As a namespace package (no ``__init__.py``) it lost to any *regular* ``benchmarks`` package
installed in site-packages, whatever the order of ``sys.path``: fairscale 0.4.13 ships one
(installed here for the wild corpus), and every ``from benchmarks import installs`` then failed.
Not part of the distribution (``[tool.setuptools.packages.find] include = ["driftcheck*"]``).
"""
