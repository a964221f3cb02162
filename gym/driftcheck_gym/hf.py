"""Real architectures: graphs built by driftcheck's own HF route from a transformers config.

A task over a real architecture holds the model's ``config.json`` as a dict. The graph is
what ``driftcheck.parsers.hf.load_config_graph`` builds from it statically (the config class's
defaults completed from transformers' source, the modeling file interpreted; no torch, no
download), and the cost model prices it. The config is written to a file named by its
content digest (the loader reads files), once per distinct config.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

from driftcheck.graph.model import Graph
from driftcheck.speed import STORES, current

_MEMO: OrderedDict[str, Graph] = STORES.gym_graphs  # the process's store
_MEMO_SIZE = 256
MEMO: bool | None = None
"""Keep built graphs by config digest. The ``Speed`` in force decides (``gym_graphs``, read at
each build: DRIFTCHECK_GYM_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=gym_graphs); True or False here
overrides it."""


def _dir() -> Path:
    d = Path(tempfile.gettempdir()) / f"driftcheck-gym-configs-{os.getuid()}"
    d.mkdir(parents=True, exist_ok=True)
    return d


def config_digest(config: dict[str, Any]) -> str:
    text = json.dumps(config, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def config_graph(config: dict[str, Any]) -> Graph:
    """The typed graph of ``config`` by the static HF route (a copy: callers may edit it)."""
    key = config_digest(config)
    sp = current()
    on = sp.gym_graphs if MEMO is None else MEMO
    memo = sp.stores.gym_graphs
    if on:
        hit = memo.get(key)
        if hit is not None:
            memo.move_to_end(key)
            return hit.model_copy(deep=True)
    from driftcheck.errors import DriftcheckError
    from driftcheck.graph.model import Node, Origin
    from driftcheck.parsers.hf import load_config_graph

    d = _dir() / key
    d.mkdir(exist_ok=True)
    path = d / "config.json"
    if not path.exists():
        tmp = d / f"config.json.{os.getpid()}"
        tmp.write_text(json.dumps(config, sort_keys=True, indent=1, default=repr))
        os.replace(tmp, path)
    try:
        graph = load_config_graph(str(d))
    except DriftcheckError as e:  # a config transformers would refuse: a graph the verifier fails
        graph = Graph(
            origin=Origin(kind="config", path="config.json"),
            nodes=[Node(id="config", type="Unknown", notes=[e.one_line()])],
            notes=[f"config refused: {e.one_line()}"],
        )
    if on:
        memo[key] = graph.model_copy(deep=True)
        if len(memo) > _MEMO_SIZE:
            memo.popitem(last=False)
    return graph
