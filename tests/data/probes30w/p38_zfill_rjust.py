# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SIZES = {"03": 8, "-05": 16, "00ab": 24, "*7**": 32, "3": 1, "-5": 1, "ab": 1, "7": 1}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(SIZES[str(3).zfill(2)], SIZES["-5".zfill(3)])
        self.b = nn.Linear(SIZES["ab".rjust(4, "0")], SIZES["7".center(4, "*")])


model = M()
