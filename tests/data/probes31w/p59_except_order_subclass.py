# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base(Exception):
    pass


class Sub(Base):
    pass


def pick(exc):
    try:
        raise exc
    except Base:
        return 3
    except Sub:
        return 8
    except Exception:
        return 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(pick(Sub()), pick(ValueError()))


model = M()
