import json

from tabm import TabM

CONFIG = json.loads(
    '{"model": {"arch_type": "tabm-packed", "k": 4, "n_blocks": 3, "d_block": 64, "dropout": 0.0},'
    ' "data": {"n_num_features": 6, "cat_cardinalities": [10, 5], "n_classes": 2}}'
)
m, data = CONFIG["model"], CONFIG["data"]
model = TabM(
    n_num_features=data["n_num_features"],
    cat_cardinalities=data["cat_cardinalities"],
    d_out=data["n_classes"],
    start_scaling_init=None,
    **m,
)
