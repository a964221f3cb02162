"""``torch.__version__`` as the installed torch states it (issue #16, session 18, wildfix18d).

Libraries pick code paths by the torch version (e3nn 0.6: ``_DEFAULT_JIT_MODE = "eager" if
torch >= 2.10 else "script"``, then builds its compiled sub-modules one way or the other).
The analysis already reads every installed library as its source on disk says (the classes
of torch.nn included); the installed torch's version is one more such fact: the
``__version__`` string torch's build wrote into ``torch/version.py``, read from that file's
source (a plain assignment of a string constant), never by importing torch. Where the file
is not found or the name is not a constant there, the value stays unknown, as before.
"""

from __future__ import annotations

import ast
from typing import Any

VERSION_ATTRS = frozenset(("__version__",))


def torch_version(library: Any) -> str | None:
    """``torch.version.__version__`` from the installed torch's source, or None."""
    mod = library._torch_module("torch.version")
    if mod is None:
        return None
    got = None
    for st in mod.tree.body if getattr(mod, "tree", None) is not None else ():
        target = st.target if isinstance(st, ast.AnnAssign) else None
        if isinstance(st, ast.Assign) and len(st.targets) == 1:
            target = st.targets[0]
        if isinstance(target, ast.Name) and target.id == "__version__":
            value = st.value
            got = value.value if isinstance(value, ast.Constant) else None
            if not isinstance(got, str):
                return None
    return got
