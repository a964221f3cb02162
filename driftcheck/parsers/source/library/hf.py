"""transformers helpers called from model code: environment probes and ``from_config``."""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import hfauto
from driftcheck.parsers.source.library.registry import Call, Group

HF = Group("transformers")


@HF.rule(
    "transformers.*.from_config / _from_config",
    lambda q: q.startswith("transformers.") and q.endswith((".from_config", "._from_config")),
    doc="Auto*.from_config(config): the model class the config's model_type names",
)
def _from_config(c: Call) -> Any:
    return hfauto.auto_from_config(c.interp, c.qual, c.args, c.kwargs, c.loc)


@HF.rule(
    "transformers.*.is_torch_available / is_torch_greater_or_equal",
    lambda q: (
        q.startswith("transformers.")
        and q.rsplit(".", 1)[-1] in ("is_torch_available", "is_torch_greater_or_equal")
    ),
    doc="True: model code is analyzed for a torch build",
)
def _torch_probe(c: Call) -> Any:
    return True


@HF.rule(
    "transformers.*.is_*_available / _requested / _compiling / _enabled",
    lambda q: (
        q.startswith("transformers.")
        and q.rsplit(".", 1)[-1].startswith("is_")
        and q.endswith(("_available", "_requested", "_compiling", "_enabled"))
    ),
    doc="False: the default build (eager attention, no optional kernels, no launcher)",
)
def _env_probe(c: Call) -> Any:
    return False
