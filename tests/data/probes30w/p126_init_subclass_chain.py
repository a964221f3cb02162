# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SEEN = []


class A:
    def __init_subclass__(cls, **kw):
        SEEN.append("A:" + cls.__name__)
        super().__init_subclass__(**kw)


class B:
    def __init_subclass__(cls, **kw):
        SEEN.append("B:" + cls.__name__)
        super().__init_subclass__(**kw)


class C(A, B):
    pass


class D(B):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(len(SEEN), len(SEEN[-1]))


model = M()
