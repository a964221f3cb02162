"""An architecture read from a Python-literal string with ast.literal_eval (tuples, None, nested dicts)."""

import ast

import torch.nn as nn

SPEC = """
{
    'embed': (10000, 96),
    'convs': [(96, 128, 5), (128, 128, 3), (128, 160, 3)],
    'pool': None,
    'head': {'hidden': 64, 'classes': 3, 'dropout': 0.2},
}
"""


def build(spec):
    vocab, dim = spec["embed"]
    mods = [nn.Embedding(vocab, dim, padding_idx=0)]
    convs = [nn.Conv1d(i, o, k, padding=k // 2) for i, o, k in spec["convs"]]
    head = spec["head"]
    last = spec["convs"][-1][1]
    return nn.ModuleDict(
        {
            "embed": mods[0],
            "convs": nn.ModuleList(convs),
            "pool": nn.Identity() if spec["pool"] is None else nn.AdaptiveMaxPool1d(1),
            "head": nn.Sequential(
                nn.Linear(last, head["hidden"]),
                nn.Dropout(head["dropout"]),
                nn.Linear(head["hidden"], head["classes"]),
            ),
        }
    )


model = build(ast.literal_eval(SPEC))
