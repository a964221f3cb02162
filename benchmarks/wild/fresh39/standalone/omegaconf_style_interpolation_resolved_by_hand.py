# an OmegaConf-like dict with "${...}" interpolations, resolved by a small hand-written resolver
import re

import torch.nn as nn

RAW = {
    "model": {"d_model": 384, "n_heads": 6, "d_ff": "${mul:${model.d_model},4}", "n_layers": 4},
    "data": {"vocab": 32000, "max_len": 256},
}


def lookup(path):
    node = RAW
    for part in path.split("."):
        node = node[part]
    return resolve(node)


def resolve(v):
    if not isinstance(v, str):
        return v
    m = re.fullmatch(r"\$\{mul:\$\{([\w.]+)\},(\d+)\}", v)
    if m:
        return lookup(m.group(1)) * int(m.group(2))
    m = re.fullmatch(r"\$\{([\w.]+)\}", v)
    return lookup(m.group(1)) if m else v


mc = {k: resolve(v) for k, v in RAW["model"].items()}
layer = nn.TransformerEncoderLayer(mc["d_model"], mc["n_heads"], mc["d_ff"], batch_first=True)
model = nn.Sequential(
    nn.Embedding(RAW["data"]["vocab"], mc["d_model"]),
    nn.TransformerEncoder(layer, mc["n_layers"], enable_nested_tensor=False),
)
