# a hand-written hydra-like instantiate: nested _target_ dicts, _partial_ gives a factory
import functools
import importlib

cfg = {
    "_target_": "torch.nn.Sequential",
    "_args_": [
        {
            "_target_": "torch.nn.Conv2d",
            "in_channels": 3,
            "out_channels": 32,
            "kernel_size": 3,
            "padding": 1,
        },
        {"_target_": "torch.nn.BatchNorm2d", "num_features": 32},
        {"_target_": "torch.nn.ReLU"},
        {
            "_target_": "torch.nn.Conv2d",
            "in_channels": 32,
            "out_channels": 32,
            "kernel_size": 3,
            "groups": 4,
        },
        {"_target_": "torch.nn.Flatten"},
        {"_target_": "torch.nn.Linear", "out_features": 10, "_partial_": True},
    ],
}


def locate(path):
    mod, _, name = path.rpartition(".")
    return getattr(importlib.import_module(mod), name)


def instantiate(node):
    if isinstance(node, dict) and "_target_" in node:
        fn = locate(node["_target_"])
        args = [instantiate(a) for a in node.get("_args_", [])]
        kwargs = {k: instantiate(v) for k, v in node.items() if not k.startswith("_")}
        if node.get("_partial_"):
            return functools.partial(fn, *args, **kwargs)
        return fn(*args, **kwargs)
    if isinstance(node, list):
        return [instantiate(a) for a in node]
    return node


layers = instantiate(cfg["_args_"])
head = layers.pop()  # a partial: the input size is known only for 32x32 inputs
model = locate(cfg["_target_"])(*layers, head(in_features=32 * 30 * 30))
