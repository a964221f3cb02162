# a hydra-style _target_ config instantiated by a tiny local resolver (no hydra installed)
import importlib

CFG = {
    "_target_": "torch.nn.Sequential",
    "_args_": [
        {
            "_target_": "torch.nn.Conv1d",
            "in_channels": 1,
            "out_channels": 16,
            "kernel_size": 9,
            "padding": 4,
        },
        {"_target_": "torch.nn.ReLU"},
        {
            "_target_": "torch.nn.Conv1d",
            "in_channels": 16,
            "out_channels": 32,
            "kernel_size": 9,
            "padding": 4,
        },
        {"_target_": "torch.nn.AdaptiveMaxPool1d", "output_size": 1},
        {"_target_": "torch.nn.Flatten"},
        {"_target_": "torch.nn.Linear", "in_features": 32, "out_features": 5},
    ],
}


def instantiate(cfg):
    if isinstance(cfg, dict) and "_target_" in cfg:
        mod, _, name = cfg["_target_"].rpartition(".")
        args = [instantiate(a) for a in cfg.get("_args_", [])]
        kwargs = {k: instantiate(v) for k, v in cfg.items() if not k.startswith("_")}
        return getattr(importlib.import_module(mod), name)(*args, **kwargs)
    return cfg


model = instantiate(CFG)
