"""Two UniversalKANLinear layers (unikan) with explicit mixed add / mul function lists, a LayerNorm between.

Each call passes its own list: the library's default ``function_list=[]`` is a shared mutable default.
"""

import torch.nn as nn
from unikan import UniversalKANLinear
from unikan.basis import lshifted_softplus


def fl(add, mul):
    return [
        {
            "function": lshifted_softplus,
            "param_num": 1,
            "node_type": "add",
            "node_num": add,
            "use_bias": True,
        },
        {
            "function": lshifted_softplus,
            "param_num": 1,
            "node_type": "mul",
            "node_num": mul,
            "use_bias": False,
        },
    ]


model = nn.Sequential(
    UniversalKANLinear(5, 10, function_list=fl(6, 4)),
    nn.LayerNorm(10),
    UniversalKANLinear(10, 2, function_list=fl(1, 1)),
)
