"""A hydra-like config tree with _target_ / _partial_ entries, resolved by a tiny instantiate()."""

import functools
import importlib

CFG = {
    "model": {
        "_target_": "torch.nn.Sequential",
        "_args_": [
            {"_target_": "torch.nn.Linear", "in_features": 32, "out_features": 128},
            {"_target_": "torch.nn.GELU"},
            {
                "_target_": "torch.nn.Sequential",
                "_args_": [
                    {"_target_": "torch.nn.Linear", "in_features": 128, "out_features": 128},
                    {"_target_": "torch.nn.LayerNorm", "normalized_shape": 128},
                ],
            },
            {"_target_": "torch.nn.Linear", "in_features": 128, "out_features": 5},
        ],
    },
    "optimizer": {"_target_": "torch.optim.AdamW", "_partial_": True, "lr": 3e-4},
}


def locate(path):
    mod, _, name = path.rpartition(".")
    return getattr(importlib.import_module(mod), name)


def instantiate(node):
    if isinstance(node, list):
        return [instantiate(n) for n in node]
    if not isinstance(node, dict) or "_target_" not in node:
        return node
    kwargs = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
    args = instantiate(node.get("_args_", []))
    fn = locate(node["_target_"])
    if node.get("_partial_"):
        return functools.partial(fn, *args, **kwargs)
    return fn(*args, **kwargs)


model = instantiate(CFG["model"])
optimizer = instantiate(CFG["optimizer"])(model.parameters())
