"""``register_parameter("weight"|"bias", value)`` on a torch layer of the catalogue sets the
layer's own weight as ``layer.bias = value`` does (torch: ``_parameters[name] = value``). It was
read as an added parameter: a bias unregistered this way still read as present (a later
``bias=lin.bias is not None`` built one torch does not: a confident overcount, found in review),
and a bias registered on a layer built without one made the count unknown."""

from __future__ import annotations

import pytest

from tests.model_count_support import check_count_matches_torch

CASES = {
    "bias_unregistered": """
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                lin = nn.Linear(4, 6)
                del lin.bias
                lin.register_parameter("bias", None)
                self.a = lin
                self.b = nn.Linear(4, 6, bias=lin.bias is not None)
    """,
    "bias_registered_on_a_layer_without_one": """
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                c = nn.Linear(4, 6, bias=False)
                c.register_parameter("bias", nn.Parameter(c.weight.new_zeros(6)))
                self.c = c
                self.d = nn.Linear(6, 2, bias=c.bias is not None)
    """,
    "conv_bias_unregistered_by_keyword": """
        import torch.nn as nn
        class M(nn.Module):
            def __init__(self):
                super().__init__()
                conv = nn.Conv2d(3, 8, 3)
                conv.register_parameter(name="bias", param=None)
                self.conv = conv
    """,
}


@pytest.mark.parametrize("code", CASES.values(), ids=CASES.keys())
def test_register_parameter_on_a_layer_counts_as_torch(tmp_path, code):
    check_count_matches_torch(tmp_path, code)
