"""JSON config decoded with object_hook (dicts with "kind" become layers) and parse_int (ints doubled)."""

import json

import torch.nn as nn

CFG = """
{"stem": {"kind": "conv", "in": 3, "out": 8, "k": 3},
 "blocks": [{"kind": "conv", "in": 16, "out": 16, "k": 3}, {"kind": "bn", "n": 16}],
 "head": {"kind": "linear", "in": 16, "out": 5},
 "meta": {"note": "not a layer"}}
"""

BUILDERS = {
    "conv": lambda d: nn.Conv2d(d["in"], d["out"], d["k"]),
    "bn": lambda d: nn.BatchNorm2d(d["n"]),
    "linear": lambda d: nn.Linear(d["in"], d["out"]),
}


def hook(d):
    kind = d.get("kind")
    return BUILDERS[kind](d) if kind in BUILDERS else d


plain = json.loads(CFG, object_hook=hook)
# parse_int runs before the hook: every integer in the document is doubled
doubled = json.loads(CFG, object_hook=hook, parse_int=lambda s: 2 * int(s))
model = nn.ModuleDict(
    {
        "stem": plain["stem"],
        "blocks": nn.Sequential(*plain["blocks"]),
        "head": doubled["head"],
    }
)
