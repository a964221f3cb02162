# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

TABLE = {"Small": 4, "Big": 16, "Base": 1}


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(TABLE[self.__class__.__name__], 2)


class Small(Base):
    pass


class Big(Small):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = Small()
        self.b = Big()


model = M()
