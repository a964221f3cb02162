# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def f():
    try:
        raise KeyError("a")
    except KeyError as e:
        raise ValueError("b") from e


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            f()
        except ValueError as err:
            cause = err.__cause__
            suppressed = err.__suppress_context__
        self.a = nn.Linear(3 if isinstance(cause, KeyError) else 5, 2 + suppressed)


model = M()
