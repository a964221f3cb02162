# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SIZES = {"ab": 4, "AB": 8, "Ab_Cd": 16, "abab": 32}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(SIZES["AB".swapcase()], SIZES["ab_cd".title()])
        self.b = nn.Linear(SIZES["ab".casefold() * 2], "a-b-c".count("-") + 1)
        self.c = nn.Linear(len("x".join("abc")), len("  a b ".strip().expandtabs()))


model = M()
